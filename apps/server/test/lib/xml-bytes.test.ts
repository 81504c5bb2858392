import { describe, expect, it } from 'vitest';
import { MAX_TEXT, XmlBytes } from '../../src/lib/xml-bytes.ts';

const text = (s: string, size?: number) => new XmlBytes(size).text(s).take().toString('utf8');

/** What an XML reader and then Excel's _xHHHH_ unescaping make of a cell's text: the text written. */
const readBack = (xml: string) =>
  xml
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe('XML written as bytes', () => {
  it('escapes markup, what XML cannot carry and Excel’s own escapes, and encodes the rest as UTF-8', () => {
    expect(text('a & b < c > d')).toBe('a &amp; b &lt; c &gt; d');
    expect(text('_x0041_ e _xABCD_ e _x12G4_ e _X0041_')).toBe('_x005F_x0041_ e _x005F_xABCD_ e _x12G4_ e _X0041_');
    expect(text('a\u0001b\rc\td\ne')).toBe('a_x0001_b_x000D_c\td\ne');
    expect(text('fine \uFFFE \uFFFF')).toBe('fine _xFFFE_ _xFFFF_');
    expect(text('lone \uD800 and \uDC00 surrogates')).toBe('lone \uFFFD and \uFFFD surrogates');
    expect(text('Nicolò Ærø D’Angelo 😀 €')).toBe('Nicolò Ærø D’Angelo 😀 €');
  });

  it('reads back as the text written, for every character a cell may hold', () => {
    const all = Array.from({ length: 0xd800 }, (_, c) => String.fromCharCode(c)).join('') + '😀_x0041_';
    const written = text(all);
    expect(Buffer.from(written, 'utf8').toString('utf8')).toBe(written);
    expect(readBack(written).slice(0, MAX_TEXT)).toBe(all.slice(0, MAX_TEXT));
  });

  it('cuts a text at Excel’s 32,767 characters, and grows its buffer for a text longer than it', () => {
    expect(text('é'.repeat(40_000), 16)).toBe('é'.repeat(MAX_TEXT));
    const out = new XmlBytes(8);
    out.ascii('<t>').text('x'.repeat(100)).ascii('</t>');
    expect(out.length).toBe(107);
    expect(out.take().toString()).toBe(`<t>${'x'.repeat(100)}</t>`);
    expect(out.length).toBe(0);
    expect(out.ascii(46351).ascii(1234.56).take().toString()).toBe('463511234.56');
  });
});
