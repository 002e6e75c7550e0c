/** Signing in, the account pages reached from emails, and Profile (with its API's field rules). */

export const login = {
  title: 'Sign in to Tidings',
  email: 'Email',
  password: 'Password',
  submit: 'Sign in',
  signingIn: 'Signing in...',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  /** Shown when the server gives no error text (spec section 8). */
  error: 'An error occurred during login',
} as const;

export const auth = {
  /** Wrong email and wrong password get this same text, so accounts cannot be probed. */
  invalidCredentials: 'Invalid email or password',
  sessionInvalid: 'Your session has expired or was signed out. Please sign in again.',
  /** Spec section 8: missing token messages. */
  noTokenList: 'No authentication token found',
  noTokenProgramCreate: 'Authentication required',
  noTokenSubmit: 'Authentication token not found. Please log in again.',
} as const;

export const verifyEmail = {
  title: 'Verify your email',
  verifying: 'Verifying your email...',
  success: 'Your email is verified. Next, choose your password...',
  returnToLogin: 'Return to Login',
  noToken: 'Invalid verification link. No token provided.',
  failed: 'Failed to verify email. The link may be invalid or expired.',
  network: 'Network error. Please try again later.',
} as const;

export const setPassword = {
  title: 'Set your password',
  password: 'Password',
  confirmPassword: 'Confirm password',
  submit: 'Set Password',
  submitting: 'Setting password...',
  /** A link without its token cannot set a password; a new link is the way on. */
  missingToken:
    'This link is incomplete. Open the link from your email again, or ask for a new one.',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  confirmRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  missingUser: 'Invalid request. User ID not found.',
  success: 'Password set successfully!',
  successLogin: 'Password set successfully! You can now log in.',
  failed: 'Failed to set password. Please try again.',
} as const;

export const forgotPassword = {
  link: 'Forgot password?',
  title: 'Reset your password',
  intro: 'Enter the email address you sign in with. We will send a link to set a new password.',
  email: 'Email',
  submit: 'Send Link',
  submitting: 'Sending...',
  /** The one answer, whether or not the address belongs to an account. */
  sent: 'If an account exists for that address, we have sent a link to reset the password.',
  backToLogin: 'Back to Login',
  failed: 'Failed to send the link. Please try again.',
} as const;

/** /profile: the signed-in staff member's own account (issue 13). */
export const profile = {
  title: 'Profile',
  name: 'Name',
  email: 'Email',
  role: 'Role',
  lastLogin: 'Last sign-in',
  detailsTitle: 'Account',
  /** 'Last sign-in' is the one before this session; the first ever session has none. */
  firstSignIn: 'None before this session',
  memberSince: 'Member since',
  loadFailed: 'Failed to load your profile',
  loadFailedNetwork: 'Network error loading your profile',
  nameTitle: 'Your name',
  firstName: 'First name',
  lastName: 'Last name',
  saveName: 'Save name',
  nameSaved: 'Your name has been updated.',
  nameFailed: 'Failed to update your name. Please try again.',
  passwordTitle: 'Change password',
  passwordIntro:
    'Choose a new password of at least %{min} characters. Every other session of your account is signed out; this one stays.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  changePassword: 'Change password',
  changing: 'Changing...',
  passwordChanged: 'Your password has been changed.',
  passwordChangedSignedOut:
    'Your password has been changed. %{smart_count} other session was signed out. |||| Your password has been changed. %{smart_count} other sessions were signed out.',
  passwordFailed: 'Failed to change your password. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  sessions: {
    title: 'Active sessions',
    intro: 'Where your account is signed in now. A session ends after a day without use.',
    loadFailed: 'Failed to load your sessions',
    loadFailedNetwork: 'Network error loading your sessions',
    started: 'Signed in %{time}',
    lastActive: 'Last active %{time}',
    ip: 'IP %{ip}',
    unknownIp: 'IP unknown',
    thisDevice: 'This device',
    onlyThisDevice: 'You are signed in on this device only.',
    signOut: 'Sign out',
    signOutOne: 'Sign out this session',
    signOutOneConfirm: 'Sign out the session of %{device}? Whoever uses it must sign in again.',
    signedOutOne: 'The session was signed out.',
    signOutOthers: 'Sign out everywhere else',
    signOutOthersTitle: 'Sign out everywhere else?',
    signOutOthersConfirm:
      'Every session of your account except this one ends: on other computers, phones and browsers you must sign in again.',
    signedOutOthers:
      '%{smart_count} other session was signed out. |||| %{smart_count} other sessions were signed out.',
    signOutFailed: 'Failed to sign the sessions out. Please try again.',
  },
  /** A readable name for a session's browser and system, from its user agent. */
  device: {
    onSystem: '%{browser} on %{system}',
    unknown: 'Unknown device',
    unknownBrowser: 'Unknown browser',
  },
} as const;

/** The profile routes (/api/profile...): the signed-in user's own account. */
export const profileApi = {
  /** PUT /api/profile names the field it refuses: only the name is changed there. */
  onlyNameEditable: 'Only firstName and lastName can be changed here',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
} as const;
