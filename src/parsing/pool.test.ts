import { afterAll, describe, expect, it } from 'vitest';
import { createNodeParsePool } from './node-pool';
import { fixture } from './test-support/fixtures';
import { parseMsg } from './msg';

describe('parse pool', () => {
  const pool = createNodeParsePool({ size: 2, deadlineMs: 10_000 });
  afterAll(() => pool.close());

  it('parses files in worker threads and returns the model with attachment bytes', async () => {
    const [msg, pdf] = await Promise.all([pool.parse('msgInMsg.msg', fixture('msg/msgInMsg.msg')), pool.parse('invoice.pdf', fixture('pdf/invoice.pdf'))]);
    expect(msg.ok && msg.model.email?.subject).toBe('I have attachments!');
    expect(msg.ok && msg.blobs.length).toBe(2);
    expect(pdf.ok && pdf.model.pdf?.pageCount).toBe(1);
  });

  it('stops a parse past its deadline and carries on with the next file', async () => {
    const hurried = createNodeParsePool({ size: 1, deadlineMs: 1 });
    const late = await hurried.parse('report.pdf', fixture('pdf/report-120-pages.pdf'));
    expect(late).toMatchObject({ ok: false, error: { code: 'timeout' } });
    hurried.close();
    const next = await pool.parse('Simple.msg', fixture('msg/Simple.msg'));
    expect(next.ok && next.model.email?.subject).toBe('Simple');
  });

  it('refuses a compound file whose sector chain loops, before the MSG library walks it', async () => {
    const bytes = fixture('msg/Simple.msg');
    const view = new DataView(bytes.buffer);
    // The directory chain's first sector points to itself in the FAT.
    const directoryStart = view.getInt32(0x30, true);
    const firstFatSector = view.getInt32(0x4c, true);
    view.setInt32((firstFatSector + 1) * 512 + 4 * directoryStart, directoryStart, true);
    await expect(parseMsg(bytes)).rejects.toMatchObject({ code: 'corrupt' });
  });
});
