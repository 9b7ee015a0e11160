/** The api's largest `itemsPerPage` (docs/rest-api.md: capped at 500). */
export const MAX_ITEMS_PER_PAGE = 500;

/** `page` (from 1) and `itemsPerPage` of a paginated REST collection. */
export interface PageRequest {
  page: number;
  itemsPerPage: number;
}

export interface PagePlan {
  itemsPerPage: number;
  firstPage: number;
  lastPage: number;
}

/**
 * The pages of one size that cover items [offset, offset + count) (count >= 1): the fewest calls, then the
 * fewest items fetched. When offset is a multiple of count (and count fits a page) that is the page of size
 * count itself (offset 100, count 50: page 3 of 50); otherwise the smallest page that holds the window
 * (offset 30, count 20: page 2 of 25), or, for windows larger than a page, as few full pages as possible.
 */
export function pagesCovering(offset: number, count: number, maxPerPage = MAX_ITEMS_PER_PAGE): PagePlan {
  if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(count) || count < 1) {
    throw new RangeError(`no pages cover offset ${offset}, count ${count}`);
  }
  const last = offset + count - 1;
  let best: (PagePlan & { calls: number; fetched: number }) | null = null;
  for (let size = 1; size <= maxPerPage; size++) {
    const firstIndex = Math.floor(offset / size);
    const calls = Math.floor(last / size) - firstIndex + 1;
    const fetched = calls * size;
    if (best === null || calls < best.calls || (calls === best.calls && fetched < best.fetched)) {
      best = { itemsPerPage: size, firstPage: firstIndex + 1, lastPage: firstIndex + calls, calls, fetched };
    }
  }
  // maxPerPage >= 1, so the loop ran.
  const { itemsPerPage, firstPage, lastPage } = best as PagePlan;
  return { itemsPerPage, firstPage, lastPage };
}
