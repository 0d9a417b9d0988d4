export { renderTemplate, templateError, TemplateSyntaxError, type MergeData, type TemplateFormat } from './render';
export { BOOKING_FIELDS, bookingFieldTranslations, bookingMergeData } from './bookingFields';
