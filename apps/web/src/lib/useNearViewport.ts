import { useEffect, useState } from 'react';

/**
 * Whether the element has come within `margin` of the viewport (and stays true after): what lies
 * below the fold is drawn when the user scrolls towards it, not on the first load. Without
 * IntersectionObserver (jsdom) it is true from the start. Give the returned ref to the element
 * (a callback ref: the element may appear after the first render).
 */
export function useNearViewport(margin = '400px'): [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  return [setElement, near];
}
