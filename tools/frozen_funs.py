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
- py/emitglue.c returns the constant object for a function of such a
  module without default arguments, or with the constant ones (None, True,
  False, a small int, a string) it was frozen with, which its object in
  flash carries (_static_scan reads them from the bytecode that makes it;
  other defaults, closures' cells and bound methods are made on the heap
  as before);
- py/gc.c, at the start of every collection, points each context at the
  globals of the module of its name in sys.modules (mp_frozen_static_gc),
  and does not mark them through the context: at the end of the marking, a
  context whose globals nothing else marked (its module has left
  sys.modules, the App unloaded it, and no module object, running function
  or other holder keeps them) is pointed at MicroPython's empty dict in
  flash, and the globals are freed with the collection (a finished game's
  engine and screens, usher.ui.app's unload_game_code; the modules
  App._unload drops). A module imported again takes its context back.
- mpy-tool.py also puts the chosen modules' dotted names and their
  packages' __path__ in the image's qstr pool: an import interns the one
  and copies the other, into RAM otherwise.

What this asks of the firmware: the functions of a module are shared by
every import of it. While it is loaded, or held, they read its globals;
once a newer import of it has been unloaded and freed, an older module
object's functions find none (NameError, which the App shows as an error
screen, PL-11). So no module keeps one the App unloads at its top level
(usher.ui.stats imports usher.ui.playlog inside its functions;
tests/host/test_firmware_image.py checks every module), and an unload is
the last thing the unloaded code does (the end screens' C handlers end
with app.end_game(); the seat pickers' with app.start_game()).
"""
import inspect
import os

# The mark in each patched file. A tree patched by an earlier version of this
# module (its mark without ", 6") is refused by patch(): remove it to have it
# unpacked again.
MARK_BASE = "usher: frozen function objects in flash"
MARK = MARK_BASE + ", 6"
MPY_TOOL = os.path.join("tools", "mpy-tool.py")


def wanted(path):
    """True for a frozen module (its path in the image, "usher/ui/app.py")
    whose function objects go to flash: every one of usher's (not
    MicroPython's own frozen modules, nor main.py)."""
    return path.split("/")[0] == "usher"


# --- tools/mpy-tool.py -----------------------------------------------------------
# The helpers added to mpy-tool.py: the rule above (wanted, as _static_wanted),
# then what writes the C.
TOOL_HELPERS = ("\n# " + MARK + " (the project's tools/frozen_funs.py)\n"
                + inspect.getsource(wanted).replace("def wanted(", "def _static_wanted(", 1)
                + '''

_static = {"slot": None, "modules": [], "funs": [], "defaults": {}}


def _static_parts(path):
    # "usher/ui/__init__.py" -> ["usher", "ui"]: a module's dotted name
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return parts


def _static_names(compiled_modules):
    # In the image's qstr pool (interned strings in flash), for the chosen
    # modules: their dotted names and their packages' (an import interns
    # its module's name, builtinimport.c, which would otherwise put it in
    # RAM; mp_frozen_static_gc finds a context's module by it), and each
    # package's __path__ (".frozen/usher/ui": builtinimport.c makes it with
    # mp_obj_new_str, which returns the interned string when there is one,
    # else a copy on the heap).
    known = set(q.str for q in global_qstrs.qstrs if q is not None)

    def add(s):
        if s not in known:
            known.add(s)
            global_qstrs.add(s)

    for cm in compiled_modules:
        path = cm.source_file.str
        if not _static_wanted(path):
            continue
        parts = _static_parts(path)
        if path.endswith("/__init__.py"):
            add(".frozen/" + "/".join(parts))
        for i in range(1, len(parts) + 1):
            add(".".join(parts[:i]))


def _static_begin():
    print('#include "py/gc.h"')
    print('#include "py/runtime.h"')
    print('#include "py/objfun.h"')
    print('#include "py/objtuple.h"')
    print("#include <stddef.h>")
    print("#ifndef MICROPY_FROZEN_STATIC_FUNS")
    print("#define MICROPY_FROZEN_STATIC_FUNS (0)")
    print("#endif")
    print("#if MICROPY_FROZEN_STATIC_FUNS")
    print("#if MICROPY_PY_SYS_SETTRACE")
    print('#error "MICROPY_FROZEN_STATIC_FUNS needs MICROPY_PY_SYS_SETTRACE off"')
    print("#endif")
    print("extern mp_module_context_t mp_frozen_static_ctx[];")
    print("#endif")


def _static_const(rc, op, arg):
    # The C constant a default-value opcode pushes, or None for any other.
    if Opcode.MP_BC_LOAD_CONST_SMALL_INT_MULTI <= op < (Opcode.MP_BC_LOAD_CONST_SMALL_INT_MULTI
                                                        + Opcode.MP_BC_LOAD_CONST_SMALL_INT_MULTI_NUM):
        return "MP_ROM_INT(%d)" % (op - Opcode.MP_BC_LOAD_CONST_SMALL_INT_MULTI
                                   - Opcode.MP_BC_LOAD_CONST_SMALL_INT_MULTI_EXCESS)
    if op == Opcode.MP_BC_LOAD_CONST_SMALL_INT:
        return "MP_ROM_INT(%d)" % arg
    if op == Opcode.MP_BC_LOAD_CONST_STRING:
        return "MP_ROM_QSTR(MP_QSTR_%s)" % rc.qstr_table[arg].qstr_esc
    return {Opcode.MP_BC_LOAD_CONST_NONE: "MP_ROM_NONE", Opcode.MP_BC_LOAD_CONST_TRUE: "MP_ROM_TRUE",
            Opcode.MP_BC_LOAD_CONST_FALSE: "MP_ROM_FALSE"}.get(op)


def _static_scan(rc, found):
    # A def whose positional defaults are constants (None, True, False, a
    # small int, a string) compiles to: the constants, BUILD_TUPLE n,
    # LOAD_NULL (no keyword defaults), MAKE_FUNCTION_DEFARGS child. Its
    # object in flash carries them; emitglue.c gives it only when the
    # values made at run time are those (a default computed by a jump over
    # a constant fails that check and is made on the heap).
    if rc.code_kind != MP_CODE_BYTECODE:
        return
    ops = []
    ip = rc.offset_opcodes
    while ip < len(rc.fun_data):
        _, size, arg, _ = mp_opcode_decode(rc.fun_data, ip)
        ops.append((rc.fun_data[ip], arg))
        ip += size
    for k, (op, arg) in enumerate(ops):
        if op != Opcode.MP_BC_MAKE_FUNCTION_DEFARGS or k < 3 or ops[k - 1][0] != Opcode.MP_BC_LOAD_NULL:
            continue
        if ops[k - 2][0] != Opcode.MP_BC_BUILD_TUPLE:
            continue
        n = ops[k - 2][1]
        child = rc.children[arg]
        if n < 1 or k - 2 - n < 0 or child.code_kind != MP_CODE_BYTECODE or child.prelude_signature[5] != n:
            continue
        values = [_static_const(rc, o, a) for o, a in ops[k - 2 - n:k - 2]]
        if None not in values:
            found[id(child)] = values
    for child in rc.children:
        _static_scan(child, found)


def _static_module(cm):
    if _static_wanted(cm.source_file.str):
        _static["slot"] = len(_static["modules"])
        _static["modules"].append(cm)
        _static["funs"].append([])
        _static["defaults"] = {}
        _static_scan(cm.raw_code, _static["defaults"])
    else:
        _static["slot"] = None


def _static_fun(rc):
    if _static["slot"] is None or rc.code_kind != MP_CODE_BYTECODE:
        return
    name = rc.escaped_name
    kind = "mp_type_gen_wrap" if rc.scope_flags & MP_SCOPE_FLAG_GENERATOR else "mp_type_fun_bc"
    defaults = _static["defaults"].get(id(rc), [])
    print("#if MICROPY_FROZEN_STATIC_FUNS")
    if defaults:
        # mp_obj_fun_bc_t with its extra_args (the defaults), as objfun.c makes it
        print("static const struct { mp_obj_base_t base; const mp_module_context_t *context;")
        print("    struct _mp_raw_code_t *const *child_table; const byte *bytecode;")
        print("    mp_rom_obj_t extra_args[%d]; } static_fun_%s = {" % (len(defaults), name))
    else:
        print("static const mp_obj_fun_bc_t static_fun_%s = {" % name)
    print("    .base = { &%s }," % kind)
    print("    .context = &mp_frozen_static_ctx[%d]," % _static["slot"])
    print("    .child_table = %s," % ("(void *)&children_%s" % name if rc.children else "NULL"))
    print("    .bytecode = fun_data_%s," % name)
    if defaults:
        print("    .extra_args = { %s }," % ", ".join(defaults))
    print("};")
    print("#endif")
    _static["funs"][-1].append((name, len(defaults)))


def _static_end():
    n = len(_static["modules"])
    print()
    print("#if MICROPY_FROZEN_STATIC_FUNS")
    print("MP_STATIC_ASSERT(offsetof(mp_obj_fun_bc_t, extra_args) == 4 * sizeof(void *));")
    for i, funs in enumerate(_static["funs"]):
        print("static const mp_obj_fun_bc_t *const static_funs_%d[] = {" % i)
        for name, _ in funs:
            print("    (const mp_obj_fun_bc_t *)&static_fun_%s," % name)
        print("};")
        print("static const uint8_t static_defaults_%d[] = { %s };"
              % (i, ", ".join(str(d) for _, d in funs) or "0"))
    print("static const struct { const mp_frozen_module_t *module; qstr name;")
    print("    const mp_obj_fun_bc_t *const *funs; const uint8_t *defaults; size_t n; }")
    print("    static_modules[%d] = {" % max(n, 1))
    for i, cm in enumerate(_static["modules"]):
        name = "MP_QSTR_" + qstrutil.qstr_escape(".".join(_static_parts(cm.source_file.str)))
        print("    { &frozen_module_%s, %s, static_funs_%d, static_defaults_%d, %d },"
              % (cm.escaped_name, name, i, i, len(_static["funs"][i])))
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
    print("mp_obj_t mp_frozen_static_fun(const mp_module_context_t *context, mp_proto_fun_t proto_fun,")
    print("    const mp_obj_t *def_args) {")
    print("    if (context < mp_frozen_static_ctx || context >= mp_frozen_static_ctx + %d) {" % n)
    print("        return MP_OBJ_NULL;")
    print("    }")
    print("    size_t n_def = 0;")
    print("    const mp_obj_t *defs = NULL;")
    print("    if (def_args != NULL) {")
    print("        if (def_args[0] == MP_OBJ_NULL || def_args[1] != MP_OBJ_NULL) {")
    print("            return MP_OBJ_NULL;  // keyword-only defaults: on the heap")
    print("        }")
    print("        mp_obj_tuple_t *t = MP_OBJ_TO_PTR(def_args[0]);")
    print("        n_def = t->len;")
    print("        defs = t->items;")
    print("    }")
    print("    const void *bc = mp_proto_fun_is_bytecode(proto_fun) ? proto_fun")
    print("        : ((const mp_raw_code_t *)proto_fun)->fun_data;")
    print("    size_t i = context - mp_frozen_static_ctx;")
    print("    const mp_obj_fun_bc_t *const *funs = static_modules[i].funs;")
    print("    for (size_t k = 0; k < static_modules[i].n; k++) {")
    print("        if (funs[k]->bytecode == bc) {")
    print("            if (static_modules[i].defaults[k] != n_def) {")
    print("                return MP_OBJ_NULL;")
    print("            }")
    print("            for (size_t j = 0; j < n_def; j++) {")
    print("                if (funs[k]->extra_args[j] != defs[j]) {")
    print("                    return MP_OBJ_NULL;  // not the constants it was frozen with")
    print("                }")
    print("            }")
    print("            return MP_OBJ_FROM_PTR(funs[k]);")
    print("        }")
    print("    }")
    print("    return MP_OBJ_NULL;")
    print("}")
    print("void mp_frozen_static_gc(void) {")
    print("    // Each context follows the module of its name in sys.modules; one")
    print("    // whose module has left keeps its globals while something else")
    print("    // holds them (py/gc.c lets go of them at the end of the marking).")
    print("    mp_map_t *loaded = &MP_STATE_VM(mp_loaded_modules_dict).map;")
    print("    for (size_t i = 0; i < %d; i++) {" % n)
    print("        if (mp_frozen_static_ctx[i].module.globals == NULL) {")
    print("            continue;  // not imported yet")
    print("        }")
    print("        mp_map_elem_t *mod = mp_map_lookup(loaded, MP_OBJ_NEW_QSTR(static_modules[i].name),")
    print("            MP_MAP_LOOKUP);")
    print("        // (an import adds its name first and its module object after: a")
    print("        // collection in between finds the entry without a value)")
    print("        if (mod != NULL && mod->value != MP_OBJ_NULL")
    print("            && mp_obj_is_type(mod->value, &mp_type_module)) {")
    print("            mp_obj_module_t *m = MP_OBJ_TO_PTR(mod->value);")
    print("            mp_frozen_static_ctx[i].module.globals = m->globals;")
    print("        }")
    print("    }")
    print("}")
    print("const size_t mp_frozen_static_count = %d;" % n)
    print("#endif")


''')

TOOL_FREEZE_MPY = "def freeze_mpy(firmware_qstr_idents, compiled_modules):\n"
TOOL_INCLUDE = "    print('#include \"py/nativeglue.h\"')\n"
TOOL_LOOP = ("    for idx, cm in enumerate(compiled_modules):\n"
             "        cm.freeze(idx)\n")
TOOL_RAW_CODE = "        global raw_code_count, raw_code_content\n"

TOOL_ANCHORS = (
    (TOOL_FREEZE_MPY, TOOL_HELPERS + TOOL_FREEZE_MPY + "    _static_names(compiled_modules)\n"),
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
             "mp_obj_t mp_frozen_static_fun(const mp_module_context_t *context, mp_proto_fun_t proto_fun,\n"
             "    const mp_obj_t *def_args);\n"
             "#endif\n")
GLUE_MAKE = ("    DEBUG_OP_printf(\"make_function_from_proto_fun %p\\n\", proto_fun);\n"
             "    assert(proto_fun != NULL);\n")
GLUE_MAKE_STATIC = (GLUE_MAKE +
                    "\n"
                    "    #if MICROPY_FROZEN_STATIC_FUNS\n"
                    "    // A frozen module's function without default arguments, or with\n"
                    "    // the constant ones it was frozen with: its object is in flash\n"
                    "    // (the project's tools/frozen_funs.py).\n"
                    "    mp_obj_t static_fun = mp_frozen_static_fun(context, proto_fun, def_args);\n"
                    "    if (static_fun != MP_OBJ_NULL) {\n"
                    "        return static_fun;\n"
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
                   "    // each frozen module's context in RAM pointed at the globals of\n"
                   "    // its module in sys.modules (the project's tools/frozen_funs.py)\n"
                   "    mp_frozen_static_gc();\n"
                   "    #endif\n")
GC_INCLUDE = '#include "py/gc.h"\n'
GC_DECL = (GC_INCLUDE + DEFAULT +
           "#if MICROPY_FROZEN_STATIC_FUNS\n"
           "#include \"py/bc.h\"\n"
           "void mp_frozen_static_gc(void);\n"
           "extern mp_module_context_t mp_frozen_static_ctx[];\n"
           "extern const size_t mp_frozen_static_count;\n"
           "#endif\n")
GC_END = ("void gc_collect_end(void) {\n"
          "    gc_deal_with_stack_overflow();\n")
GC_END_STATIC = ("#if MICROPY_FROZEN_STATIC_FUNS\n"
                 "// A frozen module's context lets go of globals that nothing marked:\n"
                 "// its module has left sys.modules, and no module object, running\n"
                 "// function or other holder keeps them (the project's\n"
                 "// tools/frozen_funs.py). Its functions then find no globals.\n"
                 "static void gc_frozen_static_release(void) {\n"
                 "    for (size_t i = 0; i < mp_frozen_static_count; i++) {\n"
                 "        void *ptr = mp_frozen_static_ctx[i].module.globals;\n"
                 "        #if MICROPY_GC_SPLIT_HEAP\n"
                 "        mp_state_mem_area_t *area = gc_get_ptr_area(ptr);\n"
                 "        if (!area) {\n"
                 "            continue;\n"
                 "        }\n"
                 "        #else\n"
                 "        mp_state_mem_area_t *area = &MP_STATE_MEM(area);\n"
                 "        if (!VERIFY_PTR(ptr)) {\n"
                 "            continue;\n"
                 "        }\n"
                 "        #endif\n"
                 "        if (ATB_GET_KIND(area, BLOCK_FROM_PTR(area, ptr)) == AT_HEAD) {\n"
                 "            mp_frozen_static_ctx[i].module.globals =\n"
                 "                (mp_obj_dict_t *)&mp_const_empty_dict_obj;\n"
                 "        }\n"
                 "    }\n"
                 "}\n"
                 "#endif\n"
                 "\n" + GC_END +
                 "    #if MICROPY_FROZEN_STATIC_FUNS\n"
                 "    gc_frozen_static_release();\n"
                 "    #endif\n")
GC_ANCHORS = ((GC_INCLUDE, GC_DECL), (GC_ROOTS, GC_ROOTS_STATIC), (GC_END, GC_END_STATIC))

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
        if MARK_BASE in text:
            raise error("%s was patched by an earlier tools/frozen_funs.py: remove the tree (%s)"
                        " to have it unpacked and patched again" % (path, src))
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
