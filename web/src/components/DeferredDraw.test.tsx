import { fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DeferredDraw } from './DeferredDraw.tsx';

/** An item that logs each commit it is part of, and keeps a state of its own (a click count). */
function Item({ name, log }: { name: string; log: string[] }) {
  const [clicks, setClicks] = useState(0);
  useLayoutEffect(() => {
    log.push(name);
  });
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      {name} {clicks}
    </button>
  );
}

function List({ names, drawnFirst, log }: { names: string[]; drawnFirst: number; log: string[] }) {
  useLayoutEffect(() => {
    log.push('list');
  });
  return (
    <ul>
      {names.map((name, index) => (
        <DeferredDraw key={name} now={index < drawnFirst}>
          <li>
            <Item name={name} log={log} />
          </li>
        </DeferredDraw>
      ))}
    </ul>
  );
}

describe('DeferredDraw', () => {
  it('draws the first items in the first commit and the others in the next', () => {
    const log: string[] = [];
    render(<List names={['a', 'b', 'c']} drawnFirst={1} log={log} />);
    // The list's own commit comes after its items': `b` and `c` were not in it.
    expect(log).toEqual(['a', 'list', 'b', 'c']);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('keeps an item drawn, with its state, when it moves past the items drawn first', () => {
    const log: string[] = [];
    const view = render(<List names={['a', 'b']} drawnFirst={1} log={log} />);
    fireEvent.click(screen.getByRole('button', { name: 'a 0' }));
    view.rerender(<List names={['b', 'a']} drawnFirst={1} log={log} />);
    expect(screen.getByRole('button', { name: 'a 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['b 0', 'a 1']);
  });
});
