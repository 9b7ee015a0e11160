import { paths } from '../../paths.ts';
import type { SiteView } from './siteViews.ts';

/** A view's list (`/mes-clients`): the screens of the sites app are named after their views. */
export function siteListPath(view: SiteView): string {
  return paths[view];
}

/** One establishment of a view (`/mes-clients/50`, the list's `:id` child). */
export function sitePath(view: SiteView, databaseId: number): string {
  return `${siteListPath(view)}/${databaseId}`;
}
