/** The machine line every benchmark prints, so figures can be compared across runs. */
import os from 'node:os';

export function machineLine(extra = '') {
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const memGiB = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `machine: ${cpu} × ${os.cpus().length} cores, ${memGiB} GiB, ${os.platform()} ${os.release()}, node ${process.version}${extra ? `, ${extra}` : ''}`;
}
