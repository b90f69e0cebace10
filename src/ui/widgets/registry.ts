// The widget set of the portal, by the names screen definitions use (schemas/screen-definition.schema.json).
// A new widget is one entry here and its name in the schema's `widget` enum; both the form and the search bar
// draw from this set. Each is also listed under rjsf's own name (TextWidget...), which rjsf asks for by default.
import type { RegistryWidgetsType } from '@rjsf/utils';
import { CascaderWidget } from './CascaderWidget';
import { ChangesWidget } from './ChangesWidget';
import { DateWidget } from './date/DateWidget';
import { PriceGroupWidget } from './PriceGroupWidget';
import { SelectedRowsWidget } from './SelectedRowsWidget';
import { SortableWidget } from './SortableWidget';
import { LanguageFilesWidget } from './upload/LanguageFilesWidget';
import { LocalFileWidget } from './upload/LocalFileWidget';
import { FileUploadWidget, ImageUploadWidget } from './upload/UploadWidgets';
import { CheckboxesWidget, CheckboxWidget, RadioWidget, SelectWidget } from './ChoiceWidgets';
import { DisplayWidget, HiddenWidget } from './DisplayWidget';
import { NotesWidget } from './NotesWidget';
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
  localFile: LocalFileWidget,
  cascader: CascaderWidget,
  toneSelect: SelectedRowsWidget,
  copyrightSelect: SelectedRowsWidget,
  priceGroup: PriceGroupWidget,
  sortable: SortableWidget,
  languageFiles: LanguageFilesWidget,
  display: DisplayWidget,
  notes: NotesWidget,
  changes: ChangesWidget,
  hidden: HiddenWidget,
  HiddenWidget,
};

export function hasWidget(name: string): boolean {
  return name in widgets;
}

export function widgetRegistry(): RegistryWidgetsType {
  return widgets;
}
