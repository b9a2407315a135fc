// Expected values were read with Python's olefile (raw MAPI property streams) before being written here.
import { describe, expect, it } from 'vitest';
import { parseMsg } from './msg';
import { parseFile } from './parse-file';
import { fixture } from './test-support/fixtures';
import type { Email } from './model';

const depth = (email: Email): number => Math.max(0, ...email.attachments.map((a) => (a.message ? 1 + depth(a.message) : 0)));

describe('MSG parser', () => {
  it('reads a message inside a message inside a message', async () => {
    const { model } = await parseMsg(fixture('msg/msgInMsgInMsg.msg'));
    expect(model.subject).toBe('I have sub attachments!');
    expect(model.attachments).toHaveLength(2);
    expect(model.attachments[1]!.name).toBe('blue.png');
    expect(depth(model)).toBe(2);
    expect(model.attachments[0]!.message!.subject).toBe('I have attachments!');
    expect(model.attachments[0]!.message!.attachments.map((a) => a.name)).toContain('green.png');
  });

  it('gives an embedded message the bytes of a standalone .msg that reads back the same', async () => {
    const { model, blobs } = await parseMsg(fixture('msg/msgInMsgInMsg.msg'));
    const embedded = model.attachments[0]!;
    expect(embedded.name).toBe('I have attachments!.msg');
    const bytes = blobs[embedded.blobId]!;
    expect(Array.from(bytes.subarray(0, 8))).toEqual([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(embedded.size).toBe(bytes.length);
    const reread = await parseMsg(bytes);
    expect(reread.model.subject).toBe('I have attachments!');
    expect(reread.model.attachments.map((a) => a.name)).toEqual(embedded.message!.attachments.map((a) => a.name));
    expect(depth(reread.model)).toBe(1);
    // Two levels down, the same holds.
    const inner = reread.model.attachments.find((a) => a.message)!;
    expect((await parseMsg(reread.blobs[inner.blobId]!)).model.subject).toBe('Microsoft Outlook テスト メッセージ');
  });

  it('decodes an ANSI message with the code page of its locale (cp932)', async () => {
    const { model } = await parseMsg(fixture('msg/nonUnicodeCP932.msg'));
    expect(model.subject).toBe('日本語 Non Unicode タイトル');
    expect(model.text).toContain('日本語 Non Unicode 本文');
  });

  it('reads Unicode CJK bodies', async () => {
    const { model } = await parseMsg(fixture('msg/Hello +CJK.msg'));
    expect(model.text).toContain('C 你好');
    expect(model.text).toContain('J こんにちは');
    expect(model.text).toContain('K 안녕하세요');
  });

  it('lists attachments in order with sizes and hashes', async () => {
    const { model, blobs } = await parseMsg(fixture('msg/attachmentsOrder.msg'));
    expect(model.attachments.map((a) => a.name)).toEqual(['A.docx', 'B.docx', 'C.docx', 'D.docx']);
    for (const attachment of model.attachments) {
      expect(attachment.size).toBe(blobs[attachment.blobId]!.length);
      expect(attachment.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('marks the inline image of an HTML message', async () => {
    const { model } = await parseMsg(fixture('msg/attachAndInline.msg'));
    expect(model.attachments.map((a) => a.name)).toEqual(['attach.png', 'image001.png']);
    const inline = model.attachments.find((a) => a.inline)!;
    expect(inline.name).toBe('image001.png');
    expect(model.html).toContain(`cid:${inline.contentId}`);
  });

  it('keeps all 200 recipients', async () => {
    const { model } = await parseMsg(fixture('msg/200 recipients.msg'));
    expect(model.to.length + model.cc.length + model.bcc.length).toBe(200);
  });

  it('shows an appointment with its organiser', async () => {
    const { model } = await parseMsg(fixture('msg/A schedule.msg'));
    expect(model.subject).toBe('A schedule');
    expect(model.from?.name).toBe('UnoKenji');
    expect(model.calendar?.organizer).toBe('UnoKenji');
    expect(model.calendar?.start).toBeDefined();
  });

  it('reads a mail whose subject and message class are stored with the wrong type, without them', async () => {
    // The properties' streams renamed from Unicode string (001F) to binary (0102), in every entry of
    // the compound file's directory (the mail's and its embedded message's).
    const bytes = Buffer.from(fixture('msg/msgInMsg.msg'));
    const utf16 = (text: string) => Buffer.from(text, 'utf16le');
    for (const property of ['0037', '001A']) {
      for (let at = bytes.indexOf(utf16(`__substg1.0_${property}001F`)); at >= 0; at = bytes.indexOf(utf16(`__substg1.0_${property}001F`), at + 1)) {
        utf16(`__substg1.0_${property}0102`).copy(bytes, at);
      }
    }
    const { model } = await parseFile('damaged.msg', new Uint8Array(bytes));
    const intact = await parseFile('intact.msg', fixture('msg/msgInMsg.msg'));
    const email = model.email!;
    expect(model.kind).toBe('email');
    expect(intact.model.email!.subject).toBeTruthy();
    expect(email.subject).toBeUndefined();
    expect(email.messageClass).toBeUndefined();
    // The rest is read as before.
    expect(email.attachments.map((attachment) => attachment.name)).toEqual(['Microsoft Outlook テスト メッセージ.msg', 'green.png']);
    expect(email.text ?? email.html).toBe(intact.model.email!.text ?? intact.model.email!.html);
    expect(email.from).toEqual(intact.model.email!.from);
  });
});
