// The download state every document button shows: busy while asked, back to idle once the browser
// has the file, failed when the call is refused (and a new try starts again from busy).
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDownload, type DownloadedFile } from './use-download';

const FILE: DownloadedFile = { data: btoa('%PDF-1.7'), contentType: 'application/pdf', fileName: 'b.pdf' };

describe('useDownload', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hands the file to the browser and goes back to idle', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { result } = renderHook(() => useDownload(() => Promise.resolve(FILE)));
    await act(async () => result.current.download());
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(result.current.state).toBe('idle');
  });

  it('says failed when the call is refused, and busy again on a new try', async () => {
    let answer: Promise<DownloadedFile> = Promise.reject(new Error('refused'));
    const { result } = renderHook(() => useDownload(() => answer));
    await act(async () => result.current.download());
    await vi.waitFor(() => expect(result.current.state).toBe('failed'));
    answer = new Promise(() => {});
    act(() => result.current.download());
    expect(result.current.state).toBe('busy');
  });
});
