import type { ReactElement, ReactNode } from 'react';
import { Card, CardContent, Tab, Tabs, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useHashTab } from '../shell/useHashTab';

/**
 * A page's tabs in a card, the chosen one kept in the URL hash (`useHashTab`), and its panel below.
 * Tab `name` is labelled `${messages}.tabs.${name}`, the tab list `${messages}.title`.
 * @example
 * <HashTabsCard id="company" messages="custom.company" tabs={COMPANY_TABS} icons={TAB_ICONS}>
 *   {(tab) => (tab === 'administrators' ? <Embed name="administratorList" /> : <CompanyInformation />)}
 * </HashTabsCard>
 */
export function HashTabsCard<T extends string>({
  id,
  messages,
  tabs,
  icons,
  panelSx,
  children,
}: {
  /** Prefix of the tabs' and the panel's element ids. */
  id: string;
  messages: string;
  tabs: readonly T[];
  icons: Record<T, ReactElement>;
  panelSx?: SxProps<Theme>;
  children: (tab: T) => ReactNode;
}) {
  const translate = useTranslate();
  const [tab, setTab] = useHashTab(tabs);
  return (
    <Card>
      <Tabs
        value={tab}
        onChange={(_event, next: string) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={translate(`${messages}.title`)}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((name) => (
          <Tab
            key={name}
            value={name}
            id={`${id}-tab-${name}`}
            aria-controls={`${id}-tabpanel`}
            label={translate(`${messages}.tabs.${name}`)}
            icon={icons[name]}
            iconPosition="start"
            sx={{ minHeight: 56 }}
          />
        ))}
      </Tabs>
      <CardContent sx={panelSx} role="tabpanel" id={`${id}-tabpanel`} aria-labelledby={`${id}-tab-${tab}`}>
        {children(tab as T)}
      </CardContent>
    </Card>
  );
}
