import { type ComponentType, lazy } from 'react';

/**
 * A lazily loaded part built with Material: its module and the theme load together, so the login
 * page (plain HTML and CSS) never downloads Material.
 */
export function lazyThemed(load: () => Promise<ComponentType>, { withBaseline = true } = {}) {
  return lazy(async () => {
    const [{ MuiTheme }, Part] = await Promise.all([import('./mui-theme.tsx'), load()]);
    return {
      default: function ThemedPart() {
        return (
          <MuiTheme withBaseline={withBaseline}>
            <Part />
          </MuiTheme>
        );
      },
    };
  });
}
