// The provider `definitions resolve` and the snapshot tests resolve screens for when none is given: an ordinary,
// active content provider that has changed its password, so conditions on the user (the menu's, a form's
// first-login gate) show what most providers see. One place, so the CLI and the snapshots agree.
export const REPRESENTATIVE_USER = {
  code: '8800010',
  name: 'Demo provider',
  spType: '1',
  firstLogin: '0',
  needChangePwd: '0',
  isSuperSP: '0',
  believeCP: '1',
} as const;
