/**
 * Colour emoji fonts first: the interface's text fonts have black-and-white drawings of some
 * emojis (😂 in DejaVu), which would win over the colour font where an emoji stands alone.
 */
export const EMOJI_FONT_FAMILY = '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif';
