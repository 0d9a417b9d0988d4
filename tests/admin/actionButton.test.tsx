import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import DescriptionIcon from '@mui/icons-material/Description';
import { ActionButton } from '../../src/common/ActionButton';
import { renderPage, startMockApi } from './customHarness';
import { mediaQueryList } from './media';

startMockApi();

/** Every media query matches: theme.breakpoints.down('sm') is true, as on a phone. */
function phoneWidth(): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, true));
}

afterEach(() => vi.restoreAllMocks());

describe('ActionButton', () => {
  it('keeps its translated name at phone width when disabled, where react-admin draws a bare icon button', async () => {
    phoneWidth();
    renderPage(
      <>
        <ActionButton label="custom.bookings.export.csv" disabled onClick={() => undefined}>
          <DescriptionIcon />
        </ActionButton>
        <ActionButton label="custom.bookings.export.excel" onClick={() => undefined}>
          <DescriptionIcon />
        </ActionButton>
      </>,
    );
    const disabled = await screen.findByRole('button', { name: 'CSV' });
    expect(disabled).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Excel' })).toBeEnabled();
  });
});
