/**
 * Uploaded files (SPEC 5): photos accept only image formats, recognised from their content. Of the image
 * formats SPEC 5 lists, SVG is left out of photos: it is a document that can carry scripts, not a picture a
 * phone takes, and serving users' SVG inline would open the portal to cross-site scripting.
 */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/tiff'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** What the file picker offers (the api checks the bytes whatever the name says). */
export const PHOTO_ACCEPT =
  '.jpg,.jpeg,.png,.gif,.bmp,.tif,.tiff,image/jpeg,image/png,image/gif,image/bmp,image/tiff';

/** SPEC 5 and 8 give two limits, 50 MB and 10 MB: photos take the smaller. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
