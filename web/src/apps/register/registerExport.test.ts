import { messages } from '@portal/domain/messages';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import {
  downloadRegisterExport,
  type ExportProgress,
  type ExportRequest,
  LINE_COUNT_HEADER,
  registerExportUrl,
} from './registerExport.ts';

const request: ExportRequest = {
  format: 'csv',
  from: '2025-01-01',
  to: '2025-12-31',
  establishmentId: null,
  wasteCode: null,
  dangerous: null,
};

const encoder = new TextEncoder();

/** A body the api writes in these pieces, as a stream gives them. */
function streamOf(chunks: readonly string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

function stubFetch(answer: () => Response | Promise<Response>): Mock {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('registerExportUrl', () => {
  it('asks the outgoing register of the period, in the chosen format, with no other filter by default', () => {
    expect(registerExportUrl(request)).toBe(
      '/files/registry/export?type=OUTGOING&format=csv&from=2025-01-01&to=2025-12-31',
    );
  });

  it('adds the establishment, the waste code (encoded) and the hazard', () => {
    const url = registerExportUrl({
      ...request,
      format: 'xlsx',
      establishmentId: 12,
      wasteCode: '15 01 01*',
      dangerous: true,
    });
    expect(url).toBe(
      '/files/registry/export?type=OUTGOING&format=xlsx&from=2025-01-01&to=2025-12-31' +
        '&companySite%5B%5D=12&wasteCode%5B%5D=15+01+01*&dangerous=true',
    );
    const query = new URL(url, 'https://portail.example').searchParams;
    expect(query.getAll('companySite[]')).toEqual(['12']);
    expect(query.getAll('wasteCode[]')).toEqual(['15 01 01*']);
    expect(query.get('dangerous')).toBe('true');
  });

  it('says non-hazardous as false, not as absent', () => {
    const query = new URL(registerExportUrl({ ...request, dangerous: false }), 'https://portail.example')
      .searchParams;
    expect(query.get('dangerous')).toBe('false');
  });
});

describe('downloadRegisterExport', () => {
  let clicked: { href: string; download: string; attached: boolean }[];
  let createObjectURL: Mock<(blob: Blob) => string>;
  let revokeObjectURL: Mock<(url: string) => void>;

  beforeEach(() => {
    clicked = [];
    // jsdom does not navigate: the link's click is what hands the file to the browser.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });
    createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:registre') as Mock<
      (blob: Blob) => string
    >;
    revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {}) as Mock<
      (url: string) => void
    >;
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports the rows of a CSV as they come, its header excluded, against the line count the api gives', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const csv = [
      'Date;Code\r\n',
      '2025-01-06;15 01 01\r\n2025-01-07;15 01 01\r\n',
      '2025-01-08;20 03 01\r\n',
    ];
    const fetch = stubFetch(
      () =>
        new Response(streamOf(csv), {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            [LINE_COUNT_HEADER]: '3',
            'content-disposition': 'attachment; filename="registre-sortant-2025-01-01-2025-12-31.csv"',
          },
        }),
    );
    const progress: ExportProgress[] = [];
    const controller = new AbortController();

    const result = await downloadRegisterExport(
      { ...request, establishmentId: 12 },
      (step) => progress.push(step),
      controller.signal,
    );

    expect(result).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith(
      '/files/registry/export?type=OUTGOING&format=csv&from=2025-01-01&to=2025-12-31&companySite%5B%5D=12',
      { credentials: 'same-origin', signal: controller.signal },
    );
    const sizes = csv.map((chunk) => encoder.encode(chunk).byteLength);
    expect(progress).toEqual([
      { lines: 0, totalLines: 3, bytes: sizes[0] },
      { lines: 2, totalLines: 3, bytes: (sizes[0] ?? 0) + (sizes[1] ?? 0) },
      { lines: 3, totalLines: 3, bytes: sizes.reduce((sum, size) => sum + size, 0) },
    ]);

    // The whole file, as received, is handed to the browser under the api's name.
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe(csv.join(''));
    expect(blob.type).toBe('text/csv; charset=utf-8');
    expect(clicked).toEqual([
      { href: 'blob:registre', download: 'registre-sortant-2025-01-01-2025-12-31.csv', attached: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    // The object URL is released once the browser has had time to take the file.
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:registre');
  });

  it('counts bytes only for an XLSX, whose rows cannot be counted', async () => {
    stubFetch(
      () =>
        new Response(streamOf(['PK\u0003\u0004\n\n', 'rest']), {
          headers: {
            [LINE_COUNT_HEADER]: '250',
            'content-disposition': "attachment; filename*=UTF-8''registre%20sortant%C3%A9.xlsx",
          },
        }),
    );
    const progress: ExportProgress[] = [];
    const result = await downloadRegisterExport(
      { ...request, format: 'xlsx' },
      (step) => progress.push(step),
      new AbortController().signal,
    );
    expect(result).toEqual({ ok: true });
    expect(progress).toEqual([
      { lines: 0, totalLines: null, bytes: 6 },
      { lines: 0, totalLines: null, bytes: 10 },
    ]);
    expect(clicked[0]?.download).toBe('registre sortanté.xlsx');
  });

  it('names the file after the period when the api gives no name, and has no total without a line count', async () => {
    stubFetch(() => new Response(streamOf(['Date\r\n', '2025-01-06\r\n'])));
    const progress: ExportProgress[] = [];
    await downloadRegisterExport(request, (step) => progress.push(step), new AbortController().signal);
    expect(progress.at(-1)).toEqual({ lines: 1, totalLines: null, bytes: 18 });
    expect(clicked[0]?.download).toBe('registre-sortant-2025-01-01-2025-12-31.csv');
  });

  it("returns the api's detail of a refusal, and downloads nothing", async () => {
    stubFetch(() =>
      Response.json(
        { title: 'Bad Request', status: 400, detail: messages.endBeforeStart },
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    const onProgress = vi.fn();
    const result = await downloadRegisterExport(request, onProgress, new AbortController().signal);
    expect(result).toEqual({ ok: false, cancelled: false, message: messages.endBeforeStart });
    expect(onProgress).not.toHaveBeenCalled();
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(clicked).toEqual([]);
  });

  it('says to retry later when the answer is no problem document, or the network fails', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await downloadRegisterExport(request, vi.fn(), new AbortController().signal)).toEqual({
      ok: false,
      cancelled: false,
      message: messages.retryLater,
    });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await downloadRegisterExport(request, vi.fn(), new AbortController().signal)).toEqual({
      ok: false,
      cancelled: false,
      message: messages.retryLater,
    });
  });

  it('says it was cancelled when the signal is aborted before the answer', async () => {
    const fetch = stubFetch(() =>
      Promise.reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
    const controller = new AbortController();
    controller.abort();
    const result = await downloadRegisterExport(request, vi.fn(), controller.signal);
    expect(result).toMatchObject({ ok: false, cancelled: true });
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ signal: controller.signal });
    expect(clicked).toEqual([]);
  });

  it('says it was cancelled when the signal is aborted while the file comes, and downloads nothing', async () => {
    const controller = new AbortController();
    stubFetch(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(stream) {
              stream.enqueue(encoder.encode('Date\r\n2025-01-06\r\n'));
              // The rest never comes: the abort cuts the body, as fetch does.
              controller.signal.addEventListener('abort', () => stream.error(controller.signal.reason));
            },
          }),
          { headers: { [LINE_COUNT_HEADER]: '400' } },
        ),
    );
    const progress: ExportProgress[] = [];
    const result = await downloadRegisterExport(
      request,
      (step) => {
        progress.push(step);
        controller.abort();
      },
      controller.signal,
    );
    expect(progress).toEqual([{ lines: 1, totalLines: 400, bytes: 18 }]);
    expect(result).toMatchObject({ ok: false, cancelled: true });
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(clicked).toEqual([]);
  });
});
