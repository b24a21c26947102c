"""Function objects of frozen modules in flash, added to the project's
MicroPython images (MICROPY_FROZEN_STATIC_FUNS, set by the Usher boards and
the frozen unix32 build; stock builds leave it off).

MicroPython makes a function object on the heap for every `def` it runs
(py/emitglue.c, mp_make_function_from_proto_fun), frozen bytecode too: 16
bytes each, whose four words (type, module context, children, bytecode) are
all known when the image is built, except the context, the module object
that holds its globals. On the emulated Badger those objects were the
largest part of the live heap (issue 24: 485 of them, 8,864 B, at Seat
Wars' peak; 294, 5.5 KB, at the launcher alone).

With the macro on:
- mpy-tool.py gives each chosen frozen module (wanted() below) a context of
  its own in RAM, mp_frozen_static_ctx[i] (16 bytes), and writes, for each
  of its bytecode functions, the function object as a constant in flash
  that points to that context;
- py/builtinimport.c runs such a module in its context: the module's globals
  are the dict of the module object in sys.modules, as before;
- py/emitglue.c returns the constant object for a function without default
  arguments of such a module (one with defaults carries them in its object:
  made on the heap as before; so are closures' cells and bound methods);
- py/gc.c marks the contexts as roots, so their globals stay alive.

Chosen: the firmware's own modules that it keeps once loaded. Not those the
App unloads (a finished game's engine and screens, usher.ui.app's
unload_game_code, and the modules App._unload drops): their context would
keep their globals alive after the unload, until the next import.
"""
import inspect
import os

MARK = "usher: frozen function objects in flash"
MPY_TOOL = os.path.join("tools", "mpy-tool.py")

# The modules the App unloads by name (App._unload), by frozen path.
UNLOADED = ("usher/ui/persist.py", "usher/ui/players.py", "usher/ui/owner_data.py",
            "usher/ui/playlog.py")


def wanted(path):
    """True for a frozen module (its path in the image, "usher/ui/app.py")
    whose function objects go to flash: usher's, except a game's own
    package (usher/games/<id>/, usher/ui/games/<id>/) and UNLOADED."""
    parts = path.split("/")
    if parts[0] != "usher" or path in UNLOADED:
        return False
    if parts[1:2] == ["games"] and len(parts) > 3:
        return False
    return not (parts[1:3] == ["ui", "games"] and len(parts) > 4)


# --- tools/mpy-tool.py -----------------------------------------------------------
# The helpers added to mpy-tool.py: the rule above (wanted, as _static_wanted),
# then what writes the C.
TOOL_HELPERS = ("\n# " + MARK + " (the project's tools/frozen_funs.py)\n"
                + "UNLOADED = %r\n\n\n" % (UNLOADED,)
                + inspect.getsource(wanted).replace("def wanted(", "def _static_wanted(", 1)
                + '''

_static = {"slot": None, "modules": [], "funs": []}


def _static_begin():
    print('#include "py/gc.h"')
    print('#include "py/objfun.h"')
    print("#ifndef MICROPY_FROZEN_STATIC_FUNS")
    print("#define MICROPY_FROZEN_STATIC_FUNS (0)")
    print("#endif")
    print("#if MICROPY_FROZEN_STATIC_FUNS")
    print("#if MICROPY_PY_SYS_SETTRACE")
    print('#error "MICROPY_FROZEN_STATIC_FUNS needs MICROPY_PY_SYS_SETTRACE off"')
    print("#endif")
    print("extern mp_module_context_t mp_frozen_static_ctx[];")
    print("#endif")


def _static_module(cm):
    if _static_wanted(cm.source_file.str):
        _static["slot"] = len(_static["modules"])
        _static["modules"].append(cm)
        _static["funs"].append([])
    else:
        _static["slot"] = None


def _static_fun(rc):
    if _static["slot"] is None or rc.code_kind != MP_CODE_BYTECODE:
        return
    name = rc.escaped_name
    kind = "mp_type_gen_wrap" if rc.scope_flags & MP_SCOPE_FLAG_GENERATOR else "mp_type_fun_bc"
    print("#if MICROPY_FROZEN_STATIC_FUNS")
    print("static const mp_obj_fun_bc_t static_fun_%s = {" % name)
    print("    .base = { &%s }," % kind)
    print("    .context = &mp_frozen_static_ctx[%d]," % _static["slot"])
    print("    .child_table = %s," % ("(void *)&children_%s" % name if rc.children else "NULL"))
    print("    .bytecode = fun_data_%s," % name)
    print("};")
    print("#endif")
    _static["funs"][-1].append(name)


def _static_end():
    n = len(_static["modules"])
    print()
    print("#if MICROPY_FROZEN_STATIC_FUNS")
    for i, names in enumerate(_static["funs"]):
        print("static const mp_obj_fun_bc_t *const static_funs_%d[] = {" % i)
        for name in names:
            print("    &static_fun_%s," % name)
        print("};")
    print("static const struct { const mp_frozen_module_t *module; "
          "const mp_obj_fun_bc_t *const *funs; size_t n; } static_modules[%d] = {" % max(n, 1))
    for i, cm in enumerate(_static["modules"]):
        print("    { &frozen_module_%s, static_funs_%d, %d },"
              % (cm.escaped_name, i, len(_static["funs"][i])))
    print("};")
    print("mp_module_context_t mp_frozen_static_ctx[%d];" % max(n, 1))
    print("mp_module_context_t *mp_frozen_static_context(const void *frozen) {")
    print("    for (size_t i = 0; i < %d; i++) {" % n)
    print("        if (static_modules[i].module == frozen) {")
    print("            return &mp_frozen_static_ctx[i];")
    print("        }")
    print("    }")
    print("    return NULL;")
    print("}")
    print("mp_obj_t mp_frozen_static_fun(const mp_module_context_t *context, mp_proto_fun_t proto_fun) {")
    print("    if (context < mp_frozen_static_ctx || context >= mp_frozen_static_ctx + %d) {" % n)
    print("        return MP_OBJ_NULL;")
    print("    }")
    print("    const void *bc = mp_proto_fun_is_bytecode(proto_fun) ? proto_fun")
    print("        : ((const mp_raw_code_t *)proto_fun)->fun_data;")
    print("    size_t i = context - mp_frozen_static_ctx;")
    print("    const mp_obj_fun_bc_t *const *funs = static_modules[i].funs;")
    print("    for (size_t k = 0; k < static_modules[i].n; k++) {")
    print("        if (funs[k]->bytecode == bc) {")
    print("            return MP_OBJ_FROM_PTR(funs[k]);")
    print("        }")
    print("    }")
    print("    return MP_OBJ_NULL;")
    print("}")
    print("void mp_frozen_static_gc(void) {")
    print("    gc_collect_root((void **)mp_frozen_static_ctx,")
    print("        %d * (sizeof(mp_module_context_t) / sizeof(void *)));" % max(n, 1))
    print("}")
    print("#endif")


''')

TOOL_FREEZE_MPY = "def freeze_mpy(firmware_qstr_idents, compiled_modules):\n"
TOOL_INCLUDE = "    print('#include \"py/nativeglue.h\"')\n"
TOOL_LOOP = ("    for idx, cm in enumerate(compiled_modules):\n"
             "        cm.freeze(idx)\n")
TOOL_RAW_CODE = "        global raw_code_count, raw_code_content\n"

TOOL_ANCHORS = (
    (TOOL_FREEZE_MPY, TOOL_HELPERS + TOOL_FREEZE_MPY),
    (TOOL_INCLUDE, TOOL_INCLUDE + "    _static_begin()\n"),
    (TOOL_LOOP, "    for idx, cm in enumerate(compiled_modules):\n"
                "        _static_module(cm)\n"
                "        cm.freeze(idx)\n"
                "    _static_end()\n"),
    (TOOL_RAW_CODE, "        _static_fun(self)  # " + MARK + "\n" + TOOL_RAW_CODE),
)

# --- py/emitglue.c -----------------------------------------------------------------
DEFAULT = ("#ifndef MICROPY_FROZEN_STATIC_FUNS  // " + MARK + "\n"
           "#define MICROPY_FROZEN_STATIC_FUNS (0)\n"
           "#endif\n")
GLUE_INCLUDE = '#include "py/profile.h"\n'
GLUE_DECL = (GLUE_INCLUDE + DEFAULT +
             "#if MICROPY_FROZEN_STATIC_FUNS\n"
             "mp_obj_t mp_frozen_static_fun(const mp_module_context_t *context, mp_proto_fun_t proto_fun);\n"
             "#endif\n")
GLUE_MAKE = ("    DEBUG_OP_printf(\"make_function_from_proto_fun %p\\n\", proto_fun);\n"
             "    assert(proto_fun != NULL);\n")
GLUE_MAKE_STATIC = (GLUE_MAKE +
                    "\n"
                    "    #if MICROPY_FROZEN_STATIC_FUNS\n"
                    "    // A frozen module's function without default arguments: its\n"
                    "    // object is in flash (the project's tools/frozen_funs.py).\n"
                    "    if (def_args == NULL) {\n"
                    "        mp_obj_t fun = mp_frozen_static_fun(context, proto_fun);\n"
                    "        if (fun != MP_OBJ_NULL) {\n"
                    "            return fun;\n"
                    "        }\n"
                    "    }\n"
                    "    #endif\n")
GLUE_ANCHORS = ((GLUE_INCLUDE, GLUE_DECL), (GLUE_MAKE, GLUE_MAKE_STATIC))

# --- py/builtinimport.c --------------------------------------------------------------
IMPORT_INCLUDE = '#include "py/frozenmod.h"\n'
IMPORT_DECL = (IMPORT_INCLUDE + DEFAULT +
               "#if MICROPY_FROZEN_STATIC_FUNS\n"
               "mp_module_context_t *mp_frozen_static_context(const void *frozen);\n"
               "#endif\n")
IMPORT_FROZEN = ("            const mp_frozen_module_t *frozen = modref;\n"
                 "            module_obj->constants = frozen->constants;\n")
IMPORT_FROZEN_STATIC = (IMPORT_FROZEN +
                        "            #if MICROPY_FROZEN_STATIC_FUNS\n"
                        "            // Its functions' objects in flash point to this context; its\n"
                        "            // globals are the module object's (the project's\n"
                        "            // tools/frozen_funs.py).\n"
                        "            mp_module_context_t *static_ctx = mp_frozen_static_context(frozen);\n"
                        "            if (static_ctx != NULL) {\n"
                        "                static_ctx->module.base.type = &mp_type_module;\n"
                        "                static_ctx->module.globals = module_obj->module.globals;\n"
                        "                static_ctx->constants = frozen->constants;\n"
                        "                module_obj = static_ctx;\n"
                        "            }\n"
                        "            #endif\n")
IMPORT_ANCHORS = ((IMPORT_INCLUDE, IMPORT_DECL), (IMPORT_FROZEN, IMPORT_FROZEN_STATIC))

# --- py/gc.c -------------------------------------------------------------------------
GC_ROOTS = ("    gc_collect_root(ptrs + root_start / sizeof(void *), "
            "(root_end - root_start) / sizeof(void *));\n")
GC_ROOTS_STATIC = (GC_ROOTS +
                   "    #if MICROPY_FROZEN_STATIC_FUNS\n"
                   "    // the frozen modules' contexts in RAM, whose globals only they\n"
                   "    // may hold (the project's tools/frozen_funs.py)\n"
                   "    mp_frozen_static_gc();\n"
                   "    #endif\n")
GC_INCLUDE = '#include "py/gc.h"\n'
GC_DECL = (GC_INCLUDE + DEFAULT +
           "#if MICROPY_FROZEN_STATIC_FUNS\n"
           "void mp_frozen_static_gc(void);\n"
           "#endif\n")
GC_ANCHORS = ((GC_INCLUDE, GC_DECL), (GC_ROOTS, GC_ROOTS_STATIC))

FILES = ((MPY_TOOL, TOOL_ANCHORS), (os.path.join("py", "emitglue.c"), GLUE_ANCHORS),
         (os.path.join("py", "builtinimport.c"), IMPORT_ANCHORS), (os.path.join("py", "gc.c"), GC_ANCHORS))


def patch(src, say, error):
    """Add the function objects in flash to src's mpy-tool.py, emitglue.c,
    builtinimport.c and gc.c, each once; True when a file was changed now.
    A file without 1.28's anchors is refused (error, the build's exception
    class, with the reason): the change would have to be looked at again."""
    changed = False
    for name, anchors in FILES:
        path = os.path.join(src, name)
        with open(path) as f:
            text = f.read()
        if MARK in text:
            continue
        for old, _ in anchors:
            if text.count(old) != 1:
                raise error("%s: %r is not the one of MicroPython 1.28 (see tools/frozen_funs.py)"
                            % (path, old.strip()[:60]))
        for old, new in anchors:
            text = text.replace(old, new)
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.replace(path + ".tmp", path)
        changed = True
    if changed:
        say("%s: frozen modules' function objects in flash where MICROPY_FROZEN_STATIC_FUNS" % src)
    return changed
