import '../cases/styles';
import { jurisdictionsResource } from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { IconCalendarMonth } from '@tabler/icons-react';
import { Link } from 'react-router';
import { makeCatalog } from '../catalogs/makeCatalog';

export { JurisdictionCalendarPage } from './CalendarPage';

/**
 * Jurisdictions (issue 37): each with its calendar of judicial working days. A row opens the calendar;
 * its name and description are edited on their own page (ADMIN; GENERAL reads).
 */
export const Jurisdictions = makeCatalog({
  info: { definition: jurisdictionsResource, basePath: '/jurisdictions', noun: 'la jurisdicción' },
  titles: { list: 'Jurisdicciones', add: 'Nueva jurisdicción', edit: 'Editar jurisdicción' },
  exportName: 'jurisdicciones',
  openPath: (record) => `/jurisdictions/${record.id}/calendar`,
  addNote:
    'Después de guardarla, cargue su calendario: los feriados nacionales, sus ferias y sus días inhábiles.',
  after: ({ record }) => (
    <Button
      component={Link}
      to={`/jurisdictions/${record.id}/calendar`}
      variant="light"
      leftSection={<IconCalendarMonth size={18} />}
    >
      Ver el calendario judicial
    </Button>
  ),
});

export const JurisdictionsListPage = Jurisdictions.List;
export const JurisdictionAddPage = Jurisdictions.Add;
export const JurisdictionEditPage = Jurisdictions.Edit;
