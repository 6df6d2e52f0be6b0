import type { RegisterTexts } from './zh-CN';

/** en-US texts of the registration forms (namespace `register`). */
const enUS: RegisterTexts = {
  title: { trader: 'Merchant sign-up', base: 'Service centre application' },
  subtitle: {
    trader: 'You are signed in to the merchant portal once registered',
    base: 'The platform reviews your application; once approved you can sign in',
  },
  merchantName: 'Merchant name',
  merchantNamePlaceholder: 'Merchant name',
  centreName: 'Service centre name',
  centreNamePlaceholder: 'Service centre name',
  centreAddress: 'Service centre address',
  centreAddressPlaceholder: 'Full address of the service centre',
  contact: 'Contact person',
  contactPlaceholder: 'Name of the contact person',
  contactRequired: 'Please enter the contact person',
  contactTooLong: 'The contact person may have at most {{max}} characters',
  passwordPlaceholder: '6 to 64 characters',
  confirm: 'Confirm password',
  confirmPlaceholder: 'Enter the password again',
  confirmRequired: 'Please enter the password again',
  confirmMismatch: 'The two passwords do not match',
  submit: { trader: 'Sign up', base: 'Submit application' },
  toLogin: 'Already have an account? Sign in',
  registered: 'Registered',
  submittedTitle: 'Application submitted, awaiting platform review',
  submittedHint: 'Once approved, sign in to the service centre portal with {{mobile}} and the password you set.',
  backToLogin: 'Back to sign-in',
};

export default enUS;
