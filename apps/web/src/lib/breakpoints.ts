/** Wider than a phone (576 px): the tables show their secondary columns from here up. */
export const PHONE_UP = '(min-width: 576px)';
/** A wide screen (1440 px): a very wide list's least needed columns show from here up. */
export const WIDE_UP = '(min-width: 1440px)';
