import { describe, expect, it } from 'vitest';
import { parseEml } from './eml';
import { decodeEncodedWords } from './encoded-words';

const mail = (from: string, extra = '') => new TextEncoder().encode(`From: ${from}\r\nTo: desk@example.com\r\n${extra}Subject: =?UTF-8?Q?R=C3=A9clamation?= =?UTF-8?B?IG7CsDQy?=\r\n\r\nBonjour`);

describe('addresses with RFC 5322 comments and obsolete syntax', () => {
  it.each([
    ['john@example.com (John Doe)', { name: 'John Doe', address: 'john@example.com' }],
    ['"Doe, John" (work) <john@example.com>', { name: 'Doe, John', address: 'john@example.com' }],
    ['John Doe <@relay.example,@other.example:john@example.com>', { name: 'John Doe', address: 'john@example.com' }],
    ['Pete(A nice \\) chap) <pete(his account)@silly.test(his host)>', { name: 'Pete', address: 'pete@silly.test' }],
    ['John Doe <john . doe @ example . com>', { name: 'John Doe', address: 'john.doe@example.com' }],
    ['=?UTF-8?Q?Ren=C3=A9?= <rene@example.com>', { name: 'René', address: 'rene@example.com' }],
  ])('reads %s to the right mailbox', async (from, expected) => {
    const { model } = await parseEml(mail(from));
    expect(model.from).toEqual(expected);
  });

  it('reads a list whose members have comments and routes', async () => {
    const { model } = await parseEml(new TextEncoder().encode('From: a@example.com\r\nCc: b@example.com (Bob),\r\n <@route.example:c@example.com>\r\n\r\nx'));
    expect(model.cc).toEqual([{ name: 'Bob', address: 'b@example.com' }, { address: 'c@example.com' }]);
  });
});

describe('encoded-word headers', () => {
  it('decodes the subject in the headers list, joining adjacent encoded words', async () => {
    const { model } = await parseEml(mail('a@example.com'));
    expect(model.subject).toBe('Réclamation n°42');
    expect(model.headers.find((header) => header.name === 'Subject')!.value).toBe('Réclamation n°42');
  });

  it('decodes Q and B words in any charset and leaves broken ones as they are', () => {
    expect(decodeEncodedWords('=?ISO-8859-1?Q?Fran=E7ois_Dupr=E9?= <f@example.com>')).toBe('François Dupré <f@example.com>');
    expect(decodeEncodedWords('=?unknown-charset?Q?abc?= plain')).toBe('=?unknown-charset?Q?abc?= plain');
  });
});
