import { describe, expect, it } from 'vitest';
import { renderTemplate, templateError, TemplateSyntaxError } from '../../server/shared/templates/render';
import { htmlToText, isAllowedImage, sanitizeRichText } from '../../server/shared/html';

describe('merge fields (liquidjs)', () => {
  it('fills in fields and escapes their values in HTML, not in text', async () => {
    const data = { Customer: { Firstname: '<script>alert(1)</script>' }, Booking: { From: '2026-12-01 10:00' } };
    expect(await renderTemplate('<p>Hej {{ Customer.Firstname }}, {{ Booking.From }}</p>', data)).toBe(
      '<p>Hej &lt;script&gt;alert(1)&lt;/script&gt;, 2026-12-01 10:00</p>',
    );
    expect(await renderTemplate('Hej {{ Customer.Firstname }}', { Customer: { Firstname: 'Åsa & Bo' } }, 'text')).toBe('Hej Åsa & Bo');
  });

  it('reads no files and nothing but the data it is given', async () => {
    for (const source of ["{% include 'package.json' %}", "{% render '/etc/passwd' %}", "{% layout 'package.json' %}x"]) {
      await expect(renderTemplate(source, {})).rejects.toBeInstanceOf(TemplateSyntaxError);
    }
    expect(await renderTemplate('[{{ x.constructor }}{{ x.__proto__ }}{{ Company.Name }}]', { x: {} })).toBe('[]');
  });

  it('stops a template that would run away, and names a syntax error', async () => {
    await expect(renderTemplate('{% for i in (1..100000000) %}aaaa{% endfor %}', {})).rejects.toBeInstanceOf(TemplateSyntaxError);
    expect(templateError('Hej {{ Customer.Firstname ')).toMatch(/not closed/);
    expect(templateError('Hej {{ Customer.Firstname }}')).toBeNull();
  });
});

describe('rich text (spec: links https:// or mailto:, images up to 100,000 bytes, headers 1 and 2)', () => {
  it('keeps https and mailto links, drops other links but keeps their text', () => {
    const html = sanitizeRichText('<p><a href="https://example.com">a</a> <a href="mailto:x@example.com">b</a> <a href="javascript:alert(1)">c</a> <a href="http://x.se">d</a> <a href="/rel">e</a></p>');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">a</a>');
    expect(html).toContain('href="mailto:x@example.com"');
    expect(html).not.toMatch(/javascript|http:\/\/|\/rel/);
    expect(html).toContain('<span>c</span>');
  });

  it('keeps headers 1 and 2, turns lower ones into 2, removes scripts and handlers', () => {
    expect(sanitizeRichText('<h1>A</h1><h2>B</h2><h3 onclick="x()">C</h3><script>alert(1)</script><iframe src="https://x"></iframe>')).toBe('<h1>A</h1><h2>B</h2><h2>C</h2>');
    expect(sanitizeRichText('<p style="color:red;text-align:center">c</p>')).toBe('<p style="text-align:center">c</p>');
  });

  it('keeps image files up to 100,000 bytes and https images, nothing else', () => {
    const small = `data:image/png;base64,${Buffer.alloc(1000).toString('base64')}`;
    const large = `data:image/png;base64,${Buffer.alloc(100_001).toString('base64')}`;
    expect(isAllowedImage(small)).toBe(true);
    expect(isAllowedImage(large)).toBe(false);
    expect(isAllowedImage('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isAllowedImage('https://example.com/a.png')).toBe(true);
    expect(sanitizeRichText(`<img src="${small}"><img src="${large}"><img src="javascript:x"><img src="http://x/a.png">`)).toBe(`<img src="${small}" />`);
  });

  it('reads as text with paragraphs, list items and link addresses', () => {
    expect(htmlToText('<h1>Tack</h1><p>Hej <a href="https://x.se/?a=1&amp;b=2">här</a> &amp; där<br>två</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'Tack\n\nHej här (https://x.se/?a=1&b=2) & där\ntvå\n\n- a\n- b',
    );
  });
});
