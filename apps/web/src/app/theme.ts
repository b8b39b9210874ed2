import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Shade 6 (filled buttons) is #1f5fb8: 6.2:1 against white text, WCAG AA (Mantine's default blue is 3.6:1).
const brand: MantineColorsTuple = [
  '#eaf2fc',
  '#d4e3f7',
  '#a9c6ee',
  '#7ba7e4',
  '#548cdb',
  '#3b7ad5',
  '#1f5fb8',
  '#1a519e',
  '#154383',
  '#0e3163',
];

/**
 * Shade 9 is the text shade of the green and orange labels (pills, «Pagado», the queue's why-not), on
 * white and on their own shade 0: Mantine's #2b8a3e and #d9480f give 4.0–4.4:1 there, under WCAG AA's
 * 4.5. These give 5.3–6.2:1; shades 0–8 are Mantine's.
 */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#37b24d',
  '#2f9e44',
  '#247535',
];
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#e8590c',
  '#a8400d',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand, green, orange },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  // The spec's breakpoints (576/768/992/1200) are Mantine's defaults in em: kept as they are.
});

/**
 * Readability fixes over Mantine's light defaults, written into the generated variables CSS:
 * dimmed gray-6 and error red-6 fail WCAG AA on white; the placeholder goes one shade darker.
 */
export const cssVariablesOverrides: Record<string, string> = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-color-error': 'var(--mantine-color-red-9)',
  '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
};
