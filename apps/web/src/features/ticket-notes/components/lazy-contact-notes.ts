import { lazyNamed } from '../../../components/ui/lazy-dialog.tsx';

// The notes and their form (react-hook-form, zod and the shared schema) load when first shown.
export const LazyContactNotes = lazyNamed(() => import('./contact-notes.tsx').then((module) => module.ContactNotes));
