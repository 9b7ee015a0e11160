import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Renders `children` once their place comes within `margin` of the viewport, and `placeholder` (of about their
 * height, so that nothing moves) until then: what lies below the fold costs nothing on the page's first render.
 * Without IntersectionObserver, at once. `anchors`: ids inside the content that links lead to (`#id`); when the
 * address names one (a link followed, a bookmark), the content is drawn at once, the anchor bringing itself into
 * view (see `ChartSection`).
 */
export function WhenNearViewport({
  children,
  placeholder,
  margin = '400px',
  anchors = [],
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
  anchors?: readonly string[];
}) {
  const placeholderRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const { hash } = useLocation();
  const named = anchors.some((anchor) => hash === `#${anchor}`);

  useEffect(() => {
    // Drawn for good: the address may name something else later.
    if (named) setNear(true);
  }, [named]);

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

  return near || named ? children : <div ref={placeholderRef}>{placeholder}</div>;
}
