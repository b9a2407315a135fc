// Builds test-fixtures/msg/ex-sender-5d01.msg and ex-sender-5d02.msg from a real Outlook message
// whose sender is an Exchange (X.500) address and which holds no SMTP address for it
// (shared/fixtures/msg/sent2.msg, from msgreader's test files): the same file with one property
// added — PidTagSenderSmtpAddress (0x5D01) or PidTagSentRepresentingSmtpAddress (0x5D02), the way
// Outlook stores a string property: a `__substg1.0_<tag>001F` stream (UTF-16LE) and its 16-byte
// entry in `__properties_version1.0`. The compound file is read and written with SheetJS's CFB
// (@e965/xlsx, a dependency of the parsers). Run: node test-fixtures/make-ex-sender-msg.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { CFB } from '@e965/xlsx';

const here = new URL('./', import.meta.url);
const source = readFileSync(new URL('../../shared/fixtures/msg/sent2.msg', here));
const SMTP = 'ku@digitaldolphins.onmicrosoft.com';

function withProperty(tag) {
  const container = CFB.read(source, { type: 'buffer' });
  const value = Buffer.from(`${SMTP}\0`, 'utf16le');
  const name = `__substg1.0_${tag.toString(16).toUpperCase().padStart(4, '0')}001F`;
  CFB.utils.cfb_add(container, `/${name}`, value);
  const properties = CFB.find(container, '/__properties_version1.0');
  const entry = Buffer.alloc(16);
  entry.writeUInt32LE(((tag << 16) | 0x001f) >>> 0, 0); // property tag: id, type PT_UNICODE
  entry.writeUInt32LE(0x6, 4); // PROPATTR_READABLE | PROPATTR_WRITABLE
  entry.writeUInt32LE(value.length, 8); // a string's size, its terminator included
  properties.content = Buffer.concat([Buffer.from(properties.content), entry]);
  properties.size = properties.content.length;
  return Buffer.from(CFB.write(container, { type: 'buffer' }));
}

writeFileSync(new URL('msg/ex-sender-5d01.msg', here), withProperty(0x5d01));
writeFileSync(new URL('msg/ex-sender-5d02.msg', here), withProperty(0x5d02));
