// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { prepareMailHtml } from './mail-html';

const hostile = `<p onclick="alert(1)">Bonjour</p><script>alert(2)</script>
<img src="https://tracker.example/p.gif" srcset="https://tracker.example/2x.gif 2x">
<img src="cid:logo@x"><a href="javascript:alert(3)">bad</a><a href="https://example.com/">ok</a>
<div style="background:url(https://tracker.example/bg.png)">x</div><style>@import url(https://x.example/a.css); p{background:url('https://x.example/b.png')}</style>
<form action="https://x.example"><input name="a"></form><iframe src="https://x.example"></iframe><object data="x"></object>
<svg><image href="https://x.example/s.png"/></svg><video poster="https://x.example/p.png"></video>`;

describe('mail HTML preparation', () => {
  it('strips scripts and handlers and blocks every remote resource', () => {
    const { html, blockedRemote } = prepareMailHtml(hostile, new Map([['logo@x', 'data:image/png;base64,AAAA']]), false);
    expect(html).toContain('Bonjour');
    expect(html).not.toMatch(/<script|onclick|javascript:|<form|<iframe|<object/i);
    expect(html).not.toContain('tracker.example');
    expect(html).not.toContain('x.example');
    expect(html).toContain('src="data:image/png;base64,AAAA"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain("default-src 'none'");
    expect(blockedRemote).toBeGreaterThanOrEqual(5);
  });

  it('keeps remote images once the user allows them', () => {
    const { html } = prepareMailHtml(hostile, new Map(), true);
    expect(html).toContain('https://tracker.example/p.gif');
    expect(html).not.toMatch(/<script|onclick/i);
  });
});
