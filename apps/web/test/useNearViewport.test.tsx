import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from '../src/lib/useNearViewport';

function Below() {
  const [ref, near] = useNearViewport('400px');
  return <div ref={ref}>{near ? 'gráficos' : 'esqueleto'}</div>;
}

/** An IntersectionObserver the test drives: `cross()` tells every observer its element came near. */
function stubObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  const disconnect = vi.fn();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, ...(options ? { options } : {}) });
      }
      observe() {}
      disconnect = disconnect;
    },
  );
  const cross = (isIntersecting: boolean) =>
    act(() => {
      for (const o of observers)
        o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
  return { observers, cross, disconnect };
}

afterEach(() => vi.unstubAllGlobals());

describe('what lies below the fold is drawn when scrolled near', () => {
  it('waits until the element comes within the margin, then stays drawn', () => {
    const { observers, cross, disconnect } = stubObserver();
    render(<Below />);
    expect(screen.getByText('esqueleto')).toBeInTheDocument();
    expect(observers[0]?.options?.rootMargin).toBe('400px');
    cross(false);
    expect(screen.getByText('esqueleto')).toBeInTheDocument();
    cross(true);
    expect(screen.getByText('gráficos')).toBeInTheDocument();
    expect(disconnect).toHaveBeenCalled();
  });

  it('draws at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Below />);
    expect(screen.getByText('gráficos')).toBeInTheDocument();
  });
});
