import compression from 'compression';
import type { Request, Response } from 'express';

/** Below this many bytes compressing costs more than it saves. */
const thresholdBytes = 1024;

/**
 * gzip or brotli (as the browser asks) for pages, the web bundle (js, css, svg, json) and API answers. Downloads
 * (Content-Disposition: attachment: exports, reports, error files) go out as stored: large, streamed, some already
 * zipped, and a client may resume them by byte range.
 */
export function compressResponses() {
  return compression({
    threshold: thresholdBytes,
    filter: (request: Request, response: Response) => {
      if (String(response.getHeader('Content-Disposition') ?? '').toLowerCase().startsWith('attachment')) return false;
      return compression.filter(request, response);
    },
  });
}
