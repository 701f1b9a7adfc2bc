#ifndef REWRAP_CDBUS_SHIM_H
#define REWRAP_CDBUS_SHIM_H

/* libdbus, opened with dlopen only once an accessibility bus is found.
 * Linking it would load libdbus, libsystemd and five more libraries into
 * every start (about 1 MB of RSS and 0.8 ms measured), bus or no bus.
 *
 * The few types used here are declared to libdbus's public ABI, which has
 * been frozen since 1.0. Tests/RewrapAccessibilityTests/DBusShimTests.swift
 * compiles this header against the real <dbus/dbus.h> and fails if a
 * declaration or a function's signature disagrees. */

#include <dlfcn.h>
#include <stdint.h>

struct rewrap_dbus_message_iter {
    void *dummy1;
    void *dummy2;
    uint32_t dummy3;
    int dummy4, dummy5, dummy6, dummy7, dummy8, dummy9, dummy10, dummy11;
    int pad1;
    void *pad2;
    void *pad3;
};

struct rewrap_dbus_error {
    const char *name;
    const char *message;
    unsigned int dummy1 : 1, dummy2 : 1, dummy3 : 1, dummy4 : 1, dummy5 : 1;
    void *padding1;
};

#ifndef DBUS_H
typedef uint32_t dbus_bool_t;
typedef struct DBusConnection DBusConnection;
typedef struct DBusMessage DBusMessage;
typedef struct DBusPendingCall DBusPendingCall;
typedef struct rewrap_dbus_message_iter DBusMessageIter;
typedef struct rewrap_dbus_error DBusError;
typedef enum {
    DBUS_HANDLER_RESULT_HANDLED,
    DBUS_HANDLER_RESULT_NOT_YET_HANDLED,
    DBUS_HANDLER_RESULT_NEED_MEMORY
} DBusHandlerResult;
typedef enum {
    DBUS_DISPATCH_DATA_REMAINS,
    DBUS_DISPATCH_COMPLETE,
    DBUS_DISPATCH_NEED_MEMORY
} DBusDispatchStatus;
typedef DBusHandlerResult (*DBusHandleMessageFunction)(DBusConnection *connection, DBusMessage *message, void *user_data);
typedef void (*DBusFreeFunction)(void *memory);
#endif

/* Every function used, with its signature: F(result, name, parameters). */
#define REWRAP_DBUS_FUNCTIONS(F) \
    F(void, dbus_error_init, (DBusError *error)) \
    F(void, dbus_error_free, (DBusError *error)) \
    F(DBusConnection *, dbus_connection_open_private, (const char *address, DBusError *error)) \
    F(dbus_bool_t, dbus_bus_set_unique_name, (DBusConnection *connection, const char *unique_name)) \
    F(const char *, dbus_bus_get_unique_name, (DBusConnection *connection)) \
    F(void, dbus_connection_set_exit_on_disconnect, (DBusConnection *connection, dbus_bool_t exit_on_disconnect)) \
    F(dbus_bool_t, dbus_connection_get_unix_fd, (DBusConnection *connection, int *fd)) \
    F(dbus_bool_t, dbus_connection_get_is_connected, (DBusConnection *connection)) \
    F(dbus_bool_t, dbus_connection_get_is_authenticated, (DBusConnection *connection)) \
    F(dbus_bool_t, dbus_connection_read_write, (DBusConnection *connection, int timeout_milliseconds)) \
    F(DBusDispatchStatus, dbus_connection_dispatch, (DBusConnection *connection)) \
    F(dbus_bool_t, dbus_connection_has_messages_to_send, (DBusConnection *connection)) \
    F(dbus_bool_t, dbus_connection_send, (DBusConnection *connection, DBusMessage *message, uint32_t *client_serial)) \
    F(DBusMessage *, dbus_connection_send_with_reply_and_block, (DBusConnection *connection, DBusMessage *message, int timeout_milliseconds, DBusError *error)) \
    F(dbus_bool_t, dbus_connection_add_filter, (DBusConnection *connection, DBusHandleMessageFunction function, void *user_data, DBusFreeFunction free_data_function)) \
    F(void, dbus_connection_close, (DBusConnection *connection)) \
    F(void, dbus_connection_unref, (DBusConnection *connection)) \
    F(DBusMessage *, dbus_message_new_method_call, (const char *destination, const char *path, const char *iface, const char *method)) \
    F(DBusMessage *, dbus_message_new_method_return, (DBusMessage *method_call)) \
    F(DBusMessage *, dbus_message_new_error, (DBusMessage *reply_to, const char *error_name, const char *error_message)) \
    F(DBusMessage *, dbus_message_new_signal, (const char *path, const char *iface, const char *name)) \
    F(void, dbus_message_unref, (DBusMessage *message)) \
    F(int, dbus_message_get_type, (DBusMessage *message)) \
    F(const char *, dbus_message_get_path, (DBusMessage *message)) \
    F(const char *, dbus_message_get_interface, (DBusMessage *message)) \
    F(const char *, dbus_message_get_member, (DBusMessage *message)) \
    F(dbus_bool_t, dbus_message_get_no_reply, (DBusMessage *message)) \
    F(void, dbus_message_set_no_reply, (DBusMessage *message, dbus_bool_t no_reply)) \
    F(void, dbus_message_set_auto_start, (DBusMessage *message, dbus_bool_t auto_start)) \
    F(dbus_bool_t, dbus_message_iter_init, (DBusMessage *message, DBusMessageIter *iter)) \
    F(void, dbus_message_iter_init_append, (DBusMessage *message, DBusMessageIter *iter)) \
    F(int, dbus_message_iter_get_arg_type, (DBusMessageIter *iter)) \
    F(void, dbus_message_iter_get_basic, (DBusMessageIter *iter, void *value)) \
    F(dbus_bool_t, dbus_message_iter_next, (DBusMessageIter *iter)) \
    F(void, dbus_message_iter_recurse, (DBusMessageIter *iter, DBusMessageIter *sub)) \
    F(dbus_bool_t, dbus_message_iter_append_basic, (DBusMessageIter *iter, int type, const void *value)) \
    F(dbus_bool_t, dbus_message_iter_open_container, (DBusMessageIter *iter, int type, const char *contained_signature, DBusMessageIter *sub)) \
    F(dbus_bool_t, dbus_message_iter_close_container, (DBusMessageIter *iter, DBusMessageIter *sub)) \
    F(DBusDispatchStatus, dbus_connection_get_dispatch_status, (DBusConnection *connection)) \
    F(dbus_bool_t, dbus_connection_send_with_reply, (DBusConnection *connection, DBusMessage *message, DBusPendingCall **pending_return, int timeout_milliseconds)) \
    F(dbus_bool_t, dbus_connection_read_write_dispatch, (DBusConnection *connection, int timeout_milliseconds)) \
    F(dbus_bool_t, dbus_pending_call_get_completed, (DBusPendingCall *pending)) \
    F(DBusMessage *, dbus_pending_call_steal_reply, (DBusPendingCall *pending)) \
    F(void, dbus_pending_call_cancel, (DBusPendingCall *pending)) \
    F(void, dbus_pending_call_unref, (DBusPendingCall *pending)) \
    F(DBusMessage *, dbus_message_demarshal, (const char *str, int len, DBusError *error))

#define REWRAP_DBUS_MEMBER(result, name, parameters) result (*name) parameters;

/* The functions, once loaded. */
typedef struct RewrapDBus {
    REWRAP_DBUS_FUNCTIONS(REWRAP_DBUS_MEMBER)
} RewrapDBus;

/* Opens libdbus and fills `api`; returns 0 when the library or any
 * function is missing, and leaves nothing loaded then. */
static inline int rewrap_dbus_load(RewrapDBus *api) {
    void *library = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) return 0;
#define REWRAP_DBUS_LOAD(result, name, parameters) \
    if (!(api->name = (result (*) parameters)dlsym(library, #name))) { dlclose(library); return 0; }
    REWRAP_DBUS_FUNCTIONS(REWRAP_DBUS_LOAD)
#undef REWRAP_DBUS_LOAD
    return 1;
}

#endif
