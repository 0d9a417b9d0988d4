/** The four interface languages (the same list as the server's messages and the admin's locales). */
export type Lang = 'sv' | 'en' | 'fi' | 'no';
