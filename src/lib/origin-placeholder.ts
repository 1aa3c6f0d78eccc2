// Absolute links in pages rendered once for every host: the page carries this origin, and each response swaps in
// the request's {base_url} (src/http/send.ts). `.invalid` is reserved (RFC 2606): left alone, it points nowhere.
export const ORIGIN_PLACEHOLDER = 'https://origin.invalid'
