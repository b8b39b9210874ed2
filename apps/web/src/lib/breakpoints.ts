/** Wider than a phone (576 px): the tables show their secondary columns from here up. */
export const PHONE_UP = '(min-width: 576px)';
