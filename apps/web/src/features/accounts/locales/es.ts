export default {
  accounts: {
    auth: {
      tagline: "Seguridad en la obra: capacitación, formularios, permisos y mensajes en un solo lugar.",
      login: "Iniciar sesión",
      register: "Registrarse",
      inviteNeeded: "Los administradores y gerentes necesitan un código de invitación para registrarse.",
      loginSuccess: "Sesión iniciada",
      registerSuccess: "Registro completado",
      welcome: "¡Bienvenido, {{name}}!",
      invalidCredentials: "Usuario o contraseña incorrectos",
      registerFailed: "No se pudo completar el registro. Inténtelo de nuevo.",
    },
    fields: {
      username: "Usuario",
      email: "Correo electrónico",
      firstName: "Nombre",
      lastName: "Apellido",
      password: "Contraseña",
      confirmPassword: "Confirmar contraseña",
      role: "Rol",
      company: "Empresa",
      hardhatNumber: "Número de casco",
      inviteToken: "Código de invitación",
    },
  },
} as const;
