import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import { useTranslate } from 'react-admin';

/** The send method as an icon with its name for screen readers: 1 e-mail, otherwise SMS. */
export function SendMethodIcon({ id }: { id: number }) {
  const translate = useTranslate();
  const label = translate(id === 1 ? 'newsletters.sendMethods.email' : 'newsletters.sendMethods.sms');
  return id === 1 ? <MailOutlineIcon titleAccess={label} fontSize="small" /> : <SmsOutlinedIcon titleAccess={label} fontSize="small" />;
}
