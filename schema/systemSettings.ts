/**
 * System settings (issue 36; spec areas.md: /system-settings, GET, PUT /settings/system): one place
 * for the company's time zone, currency, how dates and numbers are written, the language customers
 * get, and who mails and texts them. TimeZone and CurrencyId are the company's own (the same values
 * the company screen shows and every area reads).
 */
export interface SystemSettings {
  /** IANA time zone, e.g. Europe/Stockholm. @maxLength 64 */
  TimeZone: string;
  /** A currency of GET /currencies. @maxLength 3 */
  CurrencyId: string;
  DateFormat: 'yyyy-MM-dd' | 'dd.MM.yyyy' | 'dd/MM/yyyy' | 'MM/dd/yyyy';
  /** space-comma: 1 234,50; dot-comma: 1.234,50; comma-dot: 1,234.50. */
  NumberFormat: 'space-comma' | 'dot-comma' | 'comma-dot';
  /** The language of mails and texts to customers who chose none. */
  CustomerLanguage: 'sv' | 'en' | 'fi' | 'no';
  /** The name mails to customers come from; empty = the company's name. @maxLength 100 */
  MailSenderName: string;
  /** Where customers' replies go; empty = the company's e-mail. @maxLength 254 */
  MailReplyTo: string;
  /** The sender of text messages: up to 11 letters and digits, or a phone number; empty = the product's. @maxLength 16 */
  SmsSender: string;
}

export interface SystemSettingsQuery {
  /** @minimum 1 @maximum 2147483647 */
  CompanyId?: number;
}
