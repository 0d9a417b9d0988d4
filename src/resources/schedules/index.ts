export { schedules, recurringSchedules, dateSchedules } from './declaration';
