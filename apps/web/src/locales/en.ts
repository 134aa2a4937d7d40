// Every namespace file of this language, bundled as one chunk loaded when the language is used.
export default import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });
