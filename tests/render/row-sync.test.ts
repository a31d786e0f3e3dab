import { describe, expect, it } from 'vitest';
import { RowReceiver, RowSender, type RowPatch } from '../../src/render/offscreen/row-sync.ts';

interface Row {
  price: string;
  size: string;
}

const wire = (r: Row): Row => ({ price: r.price, size: r.size });
/** A structured-clone round trip, as postMessage does. */
const cross = <T>(patch: RowPatch<T>): RowPatch<T> => structuredClone(patch);

describe('row sync across the canvas worker boundary', () => {
  it('sends a row once and keeps its identity on the other side while it stays', () => {
    const tx = new RowSender<Row, Row>(wire);
    const rx = new RowReceiver<Row>();
    const a = { price: '1', size: '2' };
    const b = { price: '3', size: '4' };
    const first = tx.encode([a, b]);
    expect(first.added).toHaveLength(2);
    const got1 = rx.decode(cross(first))!;
    expect(got1).toEqual([a, b]);

    const c = { price: '5', size: '6' };
    const second = tx.encode([c, a, b]);
    // Only the new row travels; the others are ids.
    expect(second.added.map(([, r]) => r)).toEqual([c]);
    const got2 = rx.decode(cross(second))!;
    expect(got2.map((r) => r.price)).toEqual(['5', '1', '3']);
    // The receiver hands back the very objects it had: the widget skips those rows.
    expect(got2[1]).toBe(got1[0]);
    expect(got2[2]).toBe(got1[1]);
  });

  it('a changed row is a new object and is sent again; a dropped row is forgotten on both sides', () => {
    const tx = new RowSender<Row, Row>(wire);
    const rx = new RowReceiver<Row>();
    const a = { price: '1', size: '2' };
    rx.decode(cross(tx.encode([a])));
    const a2 = { price: '1', size: '9' };
    const p = tx.encode([a2]);
    expect(p.added).toHaveLength(1);
    expect(rx.decode(cross(p))![0]!.size).toBe('9');
    // `a` left and comes back: the receiver no longer holds it, so it travels again.
    const back = tx.encode([a, a2]);
    expect(back.added.map(([, r]) => r.size)).toEqual(['2']);
    expect(rx.decode(cross(back))!.map((r) => r.size)).toEqual(['2', '9']);
  });

  it('the same row twice in one array is sent once', () => {
    const tx = new RowSender<Row, Row>(wire);
    const a = { price: '1', size: '2' };
    const p = tx.encode([a, a]);
    expect(p.ids).toHaveLength(2);
    expect(p.added).toHaveLength(1);
    expect(new RowReceiver<Row>().decode(cross(p))).toHaveLength(2);
  });

  it('a patch naming a row the receiver lacks is refused whole, and a reset sender sends everything again', () => {
    const tx = new RowSender<Row, Row>(wire);
    const rx = new RowReceiver<Row>();
    const a = { price: '1', size: '2' };
    const b = { price: '3', size: '4' };
    tx.encode([a, b]);
    // The receiver never saw the first patch (a fresh worker): never a row in the wrong place.
    expect(rx.decode(cross(tx.encode([a, b])))).toBeNull();
    expect(rx.faults).toBe(1);
    tx.reset();
    const again = tx.encode([a, b]);
    expect(again.added).toHaveLength(2);
    expect(rx.decode(cross(again))!.map((r) => r.price)).toEqual(['1', '3']);
  });

  it('only the wire form crosses: fields the canvas does not draw stay behind', () => {
    const tx = new RowSender<Row & { secret: string }, Row>(wire);
    const p = tx.encode([{ price: '1', size: '2', secret: 'x' }]);
    expect(p.added[0]![1]).toEqual({ price: '1', size: '2' });
  });
});
