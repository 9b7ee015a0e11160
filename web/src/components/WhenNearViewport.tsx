import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once their place comes within `margin` of the viewport, and `placeholder` (of about their
 * height, so that nothing moves) until then: what lies below the fold costs nothing on the page's first render.
 * Without IntersectionObserver, at once.
 */
export function WhenNearViewport({
  children,
  placeholder,
  margin = '400px',
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
}) {
  const placeholderRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = placeholderRef.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);

  return near ? children : <div ref={placeholderRef}>{placeholder}</div>;
}
