export default {
  accounts: {
    auth: {
      tagline: "Construction site safety: training, forms, permits and messages in one place.",
      login: "Login",
      register: "Register",
      inviteNeeded: "Admins and managers need an invite token to register.",
      loginSuccess: "Login successful",
      registerSuccess: "Registration successful",
      welcome: "Welcome, {{name}}!",
      invalidCredentials: "Invalid username or password",
      registerFailed: "Registration failed. Please try again.",
    },
    fields: {
      username: "Username",
      email: "Email",
      firstName: "First Name",
      lastName: "Last Name",
      password: "Password",
      confirmPassword: "Confirm Password",
      role: "Role",
      company: "Company",
      hardhatNumber: "Hard Hat Number",
      inviteToken: "Invite Token",
    },
  },
} as const;
