/**
 * Build-time CSS variables for the Mantine theme.
 *
 * MantineProvider normally injects them in an inline <style>, which the production CSP
 * (`style-src 'self'`) blocks. The app turns that off (withCssVariables={false}) and imports
 * `virtual:mantine-variables.css` instead: the same variables, computed from the same theme file,
 * emitted as a static stylesheet. Only the light scheme is used.
 */
import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  em,
  keys,
  mergeMantineTheme,
  px,
} from '@mantine/core';
import type { Plugin } from 'vite';
import { cssVariablesOverrides, theme } from '../src/app/theme.ts';

export const MANTINE_VARIABLES_ID = 'virtual:mantine-variables.css';
const RESOLVED_ID = `/@cobranzas/${MANTINE_VARIABLES_ID}`;

export function mantineVariablesCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const resolved = defaultCssVariablesResolver(merged);
  const variables = { ...resolved.variables, ...resolved.light, ...cssVariablesOverrides };
  const root = convertCssVariables({ variables, light: {}, dark: {} }, ':root').trim();
  // What MantineProvider's withGlobalClasses would inject: the hiddenFrom / visibleFrom helpers.
  const helpers = keys(merged.breakpoints)
    .map((bp) => {
      const value = px(merged.breakpoints[bp]) as number;
      return (
        `@media (max-width: ${em(value - 0.1)}){.mantine-visible-from-${bp}{display:none!important}}` +
        `@media (min-width: ${em(value)}){.mantine-hidden-from-${bp}{display:none!important}}`
      );
    })
    .join('');
  return `${root}\n${helpers}\n`;
}

export function mantineVariables(): Plugin {
  return {
    name: 'cobranzas:mantine-variables',
    resolveId: (id) => (id === MANTINE_VARIABLES_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? mantineVariablesCss() : undefined),
  };
}
