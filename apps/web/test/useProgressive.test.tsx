import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_ROWS, useProgressive } from '../src/lib/useProgressive';

/** Records how many rows each render drew. */
function List({ items, renders }: { items: number[]; renders: number[] }) {
  const shown = useProgressive(items);
  renders.push(shown.length);
  return (
    <ul>
      {shown.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('a long table is drawn in two steps', () => {
  it('its first rows with the screen, then the rest', async () => {
    const renders: number[] = [];
    render(<List items={range(200)} renders={renders} />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(200);
    expect(renders[0]).toBe(FIRST_ROWS);
    expect(renders.at(-1)).toBe(200);
  });

  it('a short list at once', () => {
    const renders: number[] = [];
    render(<List items={range(FIRST_ROWS)} renders={renders} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(FIRST_ROWS);
    expect(new Set(renders)).toEqual(new Set([FIRST_ROWS]));
  });
});
