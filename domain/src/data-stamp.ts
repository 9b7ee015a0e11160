/**
 * The data stamp between the api and the gateway (node only): the api sends, with each GET answer read under it,
 * the stamp of its data read with the caller's credentials, and alone at DATA_STAMP_PATH; the gateway keeps the
 * screens' answers under it (`gateway/src/kept-answers.ts`).
 */

/** The header of a GET answer that carries the data stamp it was read under. */
export const DATA_STAMP_HEADER = 'x-data-stamp';

/** The api's route that answers the caller's data stamp alone (`{ "stamp" }`). */
export const DATA_STAMP_PATH = '/api/data_stamp';
