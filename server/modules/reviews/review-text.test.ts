import { describe, expect, it } from 'vitest';
import { cleanReviewBody, plainReviewText } from './review-text';

describe('plainReviewText', () => {
  it.each([
    ['<p>Great <b>tool</b></p>', 'Great tool'],
    ['Nice<script>alert(1)</script> work<style>p{}</style>', 'Nice work'],
    ['See https://spam.example/x?y=1 now', 'See now'],
    ['Visit www.spam.example today', 'Visit today'],
    ['Buy at cheap-pills.com/buy or shop.io', 'Buy at or'],
    ['[my site](https://evil.example) is cool', 'my site is cool'],
    ['Mail me at someone@example.org please', 'Mail me at please'],
    ['Fish &amp; chips &lt;3', 'Fish & chips <3'],
    ['a   b\t c\n\n\n\nnext paragraph', 'a b c\n\nnext paragraph'],
  ])('%j → %j', (input, expected) => {
    expect(plainReviewText(input)).toBe(expected);
  });

  it('keeps ordinary text, numbers with dots and words like "e.g." intact', () => {
    expect(plainReviewText('Version 2.5 works, e.g. for 3.5 hours. Node.js too!')).toBe(
      'Version 2.5 works, e.g. for 3.5 hours. Node.js too!',
    );
  });
});

describe('cleanReviewBody', () => {
  it('cleans the text fields only, makes the title and name one line, and passes other values on for validation', () => {
    expect(
      cleanReviewBody({ rating: 5, title: '<i>Big</i>\nwin', text: 'Line one\nline two', name: ' Ann\t', extra: '<b>x</b>' }),
    ).toEqual({
      rating: 5,
      title: 'Big win',
      text: 'Line one\nline two',
      name: 'Ann',
      extra: '<b>x</b>',
    });
    expect(cleanReviewBody('text')).toBe('text');
    expect(cleanReviewBody(null)).toBeNull();
    expect(cleanReviewBody({ title: 42 })).toEqual({ title: 42 });
    const huge = `<b>${'x'.repeat(30_000)}</b>`;
    expect(cleanReviewBody({ text: huge })).toEqual({ text: huge });
  });
});
