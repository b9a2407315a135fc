/**
 * The original file of an evidence document (a PDF's pages, a picture), fetched when the reader asks
 * for it: its bytes, whether the fetch failed, and a retry.
 */
import { useEffect, useState } from 'react';

export function useOriginal(load: () => Promise<Uint8Array>): { bytes?: Uint8Array; failed: boolean; retry: () => void } {
  const [state, setState] = useState<{ bytes?: Uint8Array; failed?: boolean }>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState({});
    load().then(
      (bytes) => current && setState({ bytes }),
      () => current && setState({ failed: true }),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);
  return { bytes: state.bytes, failed: state.failed === true, retry: () => setAttempt((value) => value + 1) };
}
