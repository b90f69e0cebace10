// The widget set of the portal, by the names screen definitions use (schemas/screen-definition.schema.json).
// Widgets of later screens (tone and copyright selection, tariff choice...) register themselves here.
import type { RegistryWidgetsType, Widget } from '@rjsf/utils';
import { CascaderWidget } from './CascaderWidget';
import { DateWidget } from './date/DateWidget';
import { PriceGroupWidget } from './PriceGroupWidget';
import { SelectedRowsWidget } from './SelectedRowsWidget';
import { SortableWidget } from './SortableWidget';
import { LanguageFilesWidget } from './upload/LanguageFilesWidget';
import { FileUploadWidget, ImageUploadWidget } from './upload/UploadWidgets';
import { CheckboxesWidget, CheckboxWidget, RadioWidget, SelectWidget } from './ChoiceWidgets';
import { DisplayWidget, HiddenWidget, PendingWidget } from './DisplayWidget';
import { TextareaWidget } from './TextareaWidget';
import { PasswordWidget, TextWidget } from './TextWidget';

const widgets: RegistryWidgetsType = {
  text: TextWidget,
  TextWidget,
  number: TextWidget,
  password: PasswordWidget,
  PasswordWidget,
  textarea: TextareaWidget,
  TextareaWidget,
  select: SelectWidget,
  SelectWidget,
  radio: RadioWidget,
  RadioWidget,
  checkbox: CheckboxWidget,
  CheckboxWidget,
  checkboxes: CheckboxesWidget,
  CheckboxesWidget,
  date: DateWidget,
  datetime: DateWidget,
  yearMonth: DateWidget,
  upload: FileUploadWidget,
  image: ImageUploadWidget,
  cascader: CascaderWidget,
  toneSelect: SelectedRowsWidget,
  copyrightSelect: SelectedRowsWidget,
  priceGroup: PriceGroupWidget,
  sortable: SortableWidget,
  languageFiles: LanguageFilesWidget,
  display: DisplayWidget,
  hidden: HiddenWidget,
  pending: PendingWidget,
  HiddenWidget,
};

export const PENDING_WIDGET = 'pending';

export function hasWidget(name: string): boolean {
  return name in widgets;
}

export function registerWidget(name: string, widget: Widget): void {
  widgets[name] = widget;
}

export function widgetRegistry(): RegistryWidgetsType {
  return widgets;
}
