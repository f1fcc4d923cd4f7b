// A staff list screen: the area's title over the record list, captioned with the same title.
import type { Column, Row } from '../../toolkit/list/PagedList.tsx';
import { useT } from '../../lib/i18n.tsx';
import { RecordList, type RecordListProps } from './RecordList.tsx';
import { Screen } from './Screen.tsx';

export function ListScreen<T extends Row>({
  titleKey,
  ...list
}: { titleKey: string } & Omit<RecordListProps<T>, 'caption'>) {
  const t = useT();
  const title = t(titleKey);
  return (
    <Screen title={title}>
      <RecordList<T> caption={t('staff.ui.listCaption', { name: title })} {...list} />
    </Screen>
  );
}

/** The portal route of a record of an area whose records are keyed by their id (`/checkouts/{id}`). */
export const areaRecordPath = (area: string, id: string) => `/${area}/${encodeURIComponent(id)}`;

/** The list of such an area: its title, its API and its rows' routes all follow the area's name. */
export function AreaListScreen<T extends Row & { id: string }>({
  area,
  columns,
}: {
  area: string;
  columns: Column<T>[];
}) {
  return (
    <ListScreen<T>
      titleKey={`staff.ui.nav.${area}`}
      api={`/staff/api/${area}`}
      columns={columns}
      rowKey={(row) => row.id}
      rowPath={(row) => areaRecordPath(area, row.id)}
    />
  );
}
