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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
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
