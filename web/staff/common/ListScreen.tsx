// A staff list screen: the area's title over the record list, captioned with the same title.
import type { Row } from '../../toolkit/list/PagedList.tsx';
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
