// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { disarmEventHandlers, prepareMailHtml, prepareMailHtmlInSlices } from './mail-html';

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

describe('mail HTML sanitised in slices', () => {
  const noPause = () => Promise.resolve();
  // Containers big enough to be split with a unit of 1 node, around every kind of hostile content.
  const cases = {
    hostile,
    nested: `<div class="a" onclick="x()"><p>un <b>deux</b> <i>trois</i></p><table><tbody><tr><td onmouseover="y()">1</td><td><a href="javascript:z()">2</a></td></tr>
      <tr><td><img src="https://t.example/a.png" onerror="w()"><img src="cid:logo@x"></td><td style="background:url(https://t.example/b.png)">3</td></tr></tbody></table>
      <ul><li>a</li><li><script>alert(1)</script>b</li><li><form action="/x"><p>kept <input></p></form></li></ul></div>`,
    pre: `<div><pre>\n\nfirst line kept\n<b>x</b></pre><p>a</p><p>b</p><p>c</p></div><textarea>\n<b></textarea>`,
    foreign: `<div><svg><g><a href="https://x.example/"><text>t</text></a></g><foreignObject><p onclick="x()">p</p></foreignObject></svg><math><mi>x</mi><mtext><b>m</b></mtext></math><p>a</p><p>b</p></div>`,
    forbiddenContainers: `<div><noscript><p>n</p><p>m</p></noscript><iframe><p>i</p></iframe><template><p>t</p><p>u</p></template><object><p>o</p><p>q</p></object><style>p{color:red}</style></div>`,
    mxss: `<div><p>a</p><p>b</p><svg></p><style><a id="</style><img src=1 onerror=alert(1)>"></svg><math><mtext><table><mglyph><style><img src=x onerror=alert(2)></style></table></mtext></math></div>`,
    text: `  leading space & <p>a &amp; b</p><div>${'<p>x</p>'.repeat(20)}</div>`,
  };
  for (const [name, source] of Object.entries(cases)) {
    it(`gives what DOMPurify gives on the whole body: ${name}`, async () => {
      const images = new Map([['logo@x', 'data:image/png;base64,AAAA']]);
      for (const allowRemote of [false, true]) {
        const whole = prepareMailHtml(source, images, allowRemote);
        const sliced = await prepareMailHtmlInSlices(source, images, allowRemote, noPause, { unitSize: 1 });
        expect(sliced).toEqual(whole);
      }
    });
  }

  it('pauses between slices on a long body', async () => {
    let pauses = 0;
    const source = `<div>${'<p>Bonjour <b>Alice</b></p>'.repeat(3000)}</div>`;
    const sliced = await prepareMailHtmlInSlices(source, new Map(), false, async () => void pauses++, { unitSize: 200, sliceMs: 0 });
    expect(sliced.html).toContain('<p>Bonjour <b>Alice</b></p>');
    expect(pauses).toBeGreaterThan(10);
  });
});

describe('event handlers renamed before parsing (no CSP report from the parser)', () => {
  it('renames every handler attribute, however it is written, and leaves quoted text alone', () => {
    const html = `<img src=x onerror="alert(1)"><IMG SRC="y"ONLOAD='a()'><svg/onload=b()><p title="say onclick=hi" onmouseover=c>x onclick=y</p><body onload>`;
    const disarmed = disarmEventHandlers(html);
    const doc = new DOMParser().parseFromString(disarmed, 'text/html');
    const handlers = [...doc.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.name)).filter((name) => name.startsWith('on'));
    expect(handlers).toEqual([]);
    expect(doc.querySelector('p')!.getAttribute('title')).toBe('say onclick=hi');
    expect(doc.querySelector('p')!.textContent).toBe('x onclick=y');
  });

  it('changes nothing DOMPurify keeps: the sanitised mail is the same', () => {
    const mail = '<p style="color:red" class="a">Bonjour <b>Alice</b></p><a href="https://example.com/">lien</a><details open><summary>plus</summary>texte</details>';
    expect(disarmEventHandlers(mail)).toBe(mail);
    expect(prepareMailHtml(`<img src="data:image/png;base64,AA" onerror="x()">${mail}`, new Map(), false).html).not.toMatch(/onerror|disarmed/);
  });
});
